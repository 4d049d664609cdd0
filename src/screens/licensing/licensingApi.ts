// Calls of the licensing screens (/applyAuthorization, /activationManage): authorization applications and their
// status, activation codes and activating one. Quiet: the screens show failures in place.
import { api, orThrow } from '../../api/client.ts';
import type {
  CatalogueActivationActivate,
  CatalogueActivationAdd,
  CatalogueActivationCode as ActivationCode,
  CatalogueActivationQuery,
  CatalogueAuthorization as Authorization,
  CatalogueAuthorizationAdd,
  CatalogueAuthorizationArrange,
  CatalogueAuthorizationGrant,
  CatalogueAuthorizationQuery,
  CatalogueAuthorizationStatus,
  CatalogueAuthorizationUpdate,
  CatalogueLicApply as LicApply,
  CatalogueLicApplyAdd,
  CatalogueLicApplyQuery,
  CatalogueLicApplyUpdate,
} from '../../api/schema.gen.ts';
import type { Choice } from '../../components/resource/types.ts';
import type { AuthorizationStatus } from '../../machines/authorization.machine.ts';

export type { Authorization, ActivationCode, LicApply };

const quiet = true;

/**
 * The part of a licensing list's query every list shares: its state and creation window (numbers in the contract,
 * strings in the URL; empty = any) and the page.
 */
export function listQuery(filters: { status: string; createTimeRange: string }, pageNo: number, pageSize: number) {
  return {
    status: filters.status ? (Number(filters.status) as 0) : undefined,
    createTimeRange: filters.createTimeRange ? (Number(filters.createTimeRange) as 1) : undefined,
    pageNo,
    pageSize,
  };
}
const page = <T>(data: { list: T[]; total: number } | undefined) => data ?? { list: [] as T[], total: 0 };

export const authorizationsApi = {
  list: async (body: CatalogueAuthorizationQuery, signal?: AbortSignal) => page(await orThrow(api.post('/authorization/list', { body, signal, quiet }))),
  add: async (body: CatalogueAuthorizationAdd) => (await orThrow(api.post('/authorization/add', { body, quiet }))) as { id: number },
  update: (body: CatalogueAuthorizationUpdate) => orThrow(api.put('/authorization/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/authorization/delete', { body: { ids }, quiet })),
  grant: (body: CatalogueAuthorizationGrant) => orThrow(api.put('/authorization/grant', { body, quiet })),
  arrange: (body: CatalogueAuthorizationArrange) => orThrow(api.put('/authorization/arrange', { body, quiet })),
  status: async (id: number, signal?: AbortSignal) =>
    (await orThrow(api.get('/authorization/status/{id}', { params: { path: { id } }, signal, quiet }))) as CatalogueAuthorizationStatus & AuthorizationStatus,
};

export const licAppliesApi = {
  list: async (body: CatalogueLicApplyQuery, signal?: AbortSignal) => page(await orThrow(api.post('/apply/lic/list', { body, signal, quiet }))),
  add: (body: CatalogueLicApplyAdd) => orThrow(api.post('/apply/lic/add', { body, quiet })),
  update: (body: CatalogueLicApplyUpdate) => orThrow(api.put('/apply/lic/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/apply/lic/delete', { body: { ids }, quiet })),
};

export const activationApi = {
  list: async (body: CatalogueActivationQuery, signal?: AbortSignal) => page(await orThrow(api.post('/activation/list', { body, signal, quiet }))),
  add: (body: CatalogueActivationAdd) => orThrow(api.post('/activation/add', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/activation/delete', { body: { ids }, quiet })),
  activate: async (body: CatalogueActivationActivate) => (await orThrow(api.post('/activation/activate', { body, quiet }))) as ActivationCode,
};

/** Catalogue events by their record id (what applications and codes name). */
export async function catalogueEventChoices(signal: AbortSignal): Promise<Choice[]> {
  const data = page(await orThrow(api.post('/event/list', { body: { pageSize: 500 }, signal, quiet })));
  return data.list.map((e) => ({ value: e.id, label: `${e.eventName} (${e.eventId})` }));
}

/** Edge boxes, for arranging a grant onto them. */
export async function boxChoices(signal: AbortSignal): Promise<Choice[]> {
  const data = page(await orThrow(api.post('/edgeBox/list', { body: { pageSize: 500 }, signal, quiet })));
  return data.list.map((b) => ({ value: b.id, label: b.name }));
}
