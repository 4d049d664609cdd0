// Calls of the licensing screens (/applyAuthorization, /activationManage): authorization applications and their
// status, activation codes and activating one. Quiet: the screens show failures in place.
import { api, orThrow } from '../../api/client.ts';
import type { components } from '../../api/schema.gen.ts';
import type { Choice } from '../../components/resource/types.ts';
import type { AuthorizationStatus } from '../../machines/authorization.machine.ts';

type Schemas = components['schemas'];
export type Authorization = Schemas['CatalogueAuthorization'];
export type ActivationCode = Schemas['CatalogueActivationCode'];
export type LicApply = Schemas['CatalogueLicApply'];

const quiet = true;
const page = <T>(data: { list: T[]; total: number } | undefined) => data ?? { list: [] as T[], total: 0 };

export const authorizationsApi = {
  list: async (body: Schemas['CatalogueAuthorizationQuery'], signal?: AbortSignal) => page(await orThrow(api.post('/authorization/list', { body, signal, quiet }))),
  add: async (body: Schemas['CatalogueAuthorizationAdd']) => (await orThrow(api.post('/authorization/add', { body, quiet }))) as { id: number },
  update: (body: Schemas['CatalogueAuthorizationUpdate']) => orThrow(api.put('/authorization/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/authorization/delete', { body: { ids }, quiet })),
  grant: (body: Schemas['CatalogueAuthorizationGrant']) => orThrow(api.put('/authorization/grant', { body, quiet })),
  arrange: (body: Schemas['CatalogueAuthorizationArrange']) => orThrow(api.put('/authorization/arrange', { body, quiet })),
  status: async (id: number, signal?: AbortSignal) =>
    (await orThrow(api.get('/authorization/status/{id}', { params: { path: { id } }, signal, quiet }))) as Schemas['CatalogueAuthorizationStatus'] & AuthorizationStatus,
};

export const licAppliesApi = {
  list: async (body: Schemas['CatalogueLicApplyQuery'], signal?: AbortSignal) => page(await orThrow(api.post('/apply/lic/list', { body, signal, quiet }))),
  add: (body: Schemas['CatalogueLicApplyAdd']) => orThrow(api.post('/apply/lic/add', { body, quiet })),
  update: (body: Schemas['CatalogueLicApplyUpdate']) => orThrow(api.put('/apply/lic/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/apply/lic/delete', { body: { ids }, quiet })),
};

export const activationApi = {
  list: async (body: Schemas['CatalogueActivationQuery'], signal?: AbortSignal) => page(await orThrow(api.post('/activation/list', { body, signal, quiet }))),
  add: (body: Schemas['CatalogueActivationAdd']) => orThrow(api.post('/activation/add', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/activation/delete', { body: { ids }, quiet })),
  activate: async (body: Schemas['CatalogueActivationActivate']) => (await orThrow(api.post('/activation/activate', { body, quiet }))) as ActivationCode,
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
