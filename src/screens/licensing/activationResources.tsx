// Activation codes (/activationManage) as a declared resource: generate signed codes (events, channels, validity,
// the activation deadline), list and filter them, copy one, delete unused or expired ones.
import i18next from 'i18next';
import { notify } from '../../app/notify.ts';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { type ActivationCode, activationApi, catalogueEventChoices, listQuery } from './licensingApi.ts';

const WRITE = 'activationManage';
type CodeForm = { quantity: number; validDays: number; channelCount: number; activateWithinDays?: number; eventIds?: number[]; remark?: string };
type Filter = 'code' | 'deviceSerial' | 'status' | 'createTimeRange';

/** The start and end of a long signed code, enough to tell codes apart in a list. */
export function shortCode(code: string): string {
  return code.length > 28 ? `${code.slice(0, 14)}…${code.slice(-10)}` : code;
}

export const activationCodesResource: ResourceDeclaration<ActivationCode, Filter, CodeForm> = {
  id: 'codes',
  ns: 'licensing',
  prefix: 'codes',
  nameKey: 'code',
  nameOf: (row) => shortCode(row.code),
  columns: [
    { key: 'code', minWidth: 220, render: (row) => <code title={row.code}>{shortCode(row.code)}</code> },
    { key: 'status', width: 90, kind: 'enum' },
    { key: 'channelCount', width: 80, align: 'right' },
    { key: 'validDays', width: 120, align: 'right' },
    { key: 'activateBefore', kind: 'time', width: 170 },
    { key: 'deviceSerial', width: 150 },
    { key: 'activateTime', kind: 'time', width: 170 },
    { key: 'expireTime', kind: 'time', width: 170 },
    { key: 'userName', width: 90 },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [
    { key: 'code', kind: 'text', maxLength: 64 },
    { key: 'deviceSerial', kind: 'text', maxLength: 128 },
    { key: 'status', kind: 'select', values: [0, 1, 2] },
    { key: 'createTimeRange', kind: 'select', values: [1, 2, 3] },
  ],
  lookups: { events: catalogueEventChoices },
  list: ({ filters, pageNo, pageSize, signal }) =>
    activationApi.list({ code: filters.code || undefined, deviceSerial: filters.deviceSerial || undefined, ...listQuery(filters, pageNo, pageSize) }, signal),
  form: {
    lookups: ['events'],
    pickers: { eventIds: { lookup: 'events', multiple: true } },
    schema: {
      type: 'object',
      required: ['quantity', 'validDays', 'channelCount'],
      properties: {
        quantity: { type: 'integer', minimum: 1, maximum: 100 },
        channelCount: { type: 'integer', minimum: 1, maximum: 1024 },
        validDays: { type: 'integer', minimum: 1, maximum: 3650 },
        activateWithinDays: { type: 'integer', minimum: 1, maximum: 3650 },
        eventIds: { type: 'array', maxItems: 200, items: { type: 'integer' } },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    initial: () => ({ quantity: 1, channelCount: 4, validDays: 365, activateWithinDays: 30, eventIds: [], remark: '' }),
  },
  add: (data) => activationApi.add(data),
  remove: (rows) => activationApi.remove(rows.map((row) => row.id)),
  canRemove: (row) => row.status !== 1,
  permissions: { add: WRITE, remove: WRITE },
  rowActions: [
    {
      key: 'copy',
      run: async (row) => {
        await navigator.clipboard.writeText(row.code);
        notify('success', i18next.t('licensing:codes.copied'));
      },
    },
  ],
};
