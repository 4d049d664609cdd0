// Authorization applications (/applyAuthorization) as a declared resource: apply, edit while applied or rejected,
// delete; an administrator (button authorizationGrant) grants or rejects; a granted application is arranged onto
// the edge boxes, shared evenly. `follow` is told which application the status panel should follow (a new one,
// or the one the user picks).
import i18next from 'i18next';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { type Authorization, authorizationsApi, boxChoices, catalogueEventChoices, listQuery } from './licensingApi.ts';

const APPLY = 'applyAuthorization';
const GRANT = 'authorizationGrant';
const SEE_BOXES = ['edgeDevice/box', 'boxDeviceConfig', 'boxMap'] as const;

type AuthorizationForm = { eventIds: number[]; quantity: number; companyName: string; contactName: string; phone: string; remark?: string };
type Filter = 'keyword' | 'status' | 'createTimeRange';

/** `total` channels shared over the boxes: equal parts, the remainder to the first ones; a box with none is left out. */
export function shareEvenly(total: number, boxIds: number[]): { boxId: number; quantity: number }[] {
  if (boxIds.length === 0) return [];
  const base = Math.floor(total / boxIds.length);
  const extra = total % boxIds.length;
  return boxIds.map((boxId, i) => ({ boxId, quantity: base + (i < extra ? 1 : 0) })).filter((item) => item.quantity > 0);
}

async function arrange(row: Authorization) {
  const boxes = await boxChoices(new AbortController().signal);
  const items = shareEvenly(row.grantedQuantity ?? 0, boxes.map((b) => Number(b.value)));
  if (items.length === 0) throw new Error(i18next.t('licensing:authorizations.noBoxes'));
  await authorizationsApi.arrange({ id: row.id, items });
}

export function authorizationsResource(follow: (id: number) => void): ResourceDeclaration<Authorization, Filter, AuthorizationForm> {
  return {
    id: 'authorizations',
    ns: 'licensing',
    prefix: 'authorizations',
    nameKey: 'applyNo',
    columns: [
      { key: 'applyNo', width: 190 },
      { key: 'companyName', minWidth: 160 },
      { key: 'eventNames', minWidth: 160, render: (row) => row.eventNames.join('、') },
      { key: 'quantity', width: 100, align: 'right' },
      { key: 'grantedQuantity', width: 100, align: 'right' },
      { key: 'status', width: 90, kind: 'enum' },
      { key: 'arrangements', width: 160, render: (row) => row.arrangements.map((a) => `${a.boxName}×${a.quantity}`).join('，') || '–' },
      { key: 'validTo', kind: 'time', width: 170 },
      { key: 'userName', width: 90 },
      { key: 'createTime', kind: 'time', width: 170 },
    ],
    filters: [
      { key: 'keyword', kind: 'text', maxLength: 32 },
      { key: 'status', kind: 'select', values: [0, 1, 2, 3, 4] },
      { key: 'createTimeRange', kind: 'select', values: [1, 2, 3] },
    ],
    lookups: { events: catalogueEventChoices },
    list: ({ filters, pageNo, pageSize, signal }) =>
      authorizationsApi.list({ keyword: filters.keyword || undefined, ...listQuery(filters, pageNo, pageSize) }, signal),
    form: {
      lookups: ['events'],
      pickers: { eventIds: { lookup: 'events', multiple: true } },
      schema: {
        type: 'object',
        required: ['eventIds', 'quantity', 'companyName', 'contactName', 'phone'],
        properties: {
          eventIds: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'integer' } },
          quantity: { type: 'integer', minimum: 1, maximum: 10000 },
          companyName: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
          contactName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
          phone: { type: 'string', minLength: 1, maxLength: 18, pattern: '^[0-9-]+$' },
          remark: { type: 'string', maxLength: 500 },
        },
      },
      uiSchema: { remark: { 'ui:widget': 'textarea' } },
      initial: (row) =>
        row
          ? { eventIds: row.eventIds, quantity: row.quantity, companyName: row.companyName, contactName: row.contactName, phone: row.phone, remark: row.remark }
          : ({ eventIds: [], quantity: 1, remark: '' } as unknown as AuthorizationForm),
    },
    add: async (data) => {
      const { id } = await authorizationsApi.add(data);
      follow(id);
    },
    update: (row, data) => authorizationsApi.update({ id: row.id, ...data }),
    remove: (rows) => authorizationsApi.remove(rows.map((row) => row.id)),
    canRemove: (row) => row.status !== 1 && row.status !== 2,
    permissions: { add: APPLY, edit: APPLY, remove: APPLY },
    rowActions: [
      { key: 'watch', run: async (row) => follow(row.id) },
      { key: 'approve', permission: GRANT, confirm: true, visible: (row) => row.status === 0, run: (row) => authorizationsApi.grant({ id: row.id, approved: true, grantedQuantity: row.quantity, validTo: null }) },
      { key: 'reject', permission: GRANT, danger: true, confirm: true, visible: (row) => row.status === 0, run: (row) => authorizationsApi.grant({ id: row.id, approved: false }) },
      { key: 'arrange', permission: SEE_BOXES, confirm: true, visible: (row) => row.status === 1 || row.status === 2, run: arrange },
    ],
  };
}
