// Licence applications (/apply/lic/*), a tab of /applyAuthorization: the machine a licence is requested for (its
// machine code, as the licence info shows it) and its size; edited while pending, rejected by an administrator.
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { type LicApply, licAppliesApi, listQuery } from './licensingApi.ts';

const APPLY = 'applyAuthorization';
const GRANT = 'authorizationGrant';
type LicForm = { companyName: string; contactName: string; phone: string; email?: string; machineCode: string; channelCount: number; validDays: number; remark?: string };
type Filter = 'keyword' | 'status' | 'createTimeRange';

export const licAppliesResource: ResourceDeclaration<LicApply, Filter, LicForm> = {
  id: 'licApplies',
  ns: 'licensing',
  prefix: 'licApplies',
  nameKey: 'companyName',
  columns: [
    { key: 'companyName', minWidth: 160 },
    { key: 'contactName', width: 100 },
    { key: 'phone', width: 130 },
    { key: 'machineCode', minWidth: 160, kind: 'code' },
    { key: 'channelCount', width: 90, align: 'right' },
    { key: 'validDays', width: 90, align: 'right' },
    { key: 'status', width: 90, kind: 'enum' },
    { key: 'userName', width: 90 },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [
    { key: 'keyword', kind: 'text', maxLength: 32 },
    { key: 'status', kind: 'select', values: [0, 1, 2] },
    { key: 'createTimeRange', kind: 'select', values: [1, 2, 3] },
  ],
  list: ({ filters, pageNo, pageSize, signal }) =>
    licAppliesApi.list({ keyword: filters.keyword || undefined, ...listQuery(filters, pageNo, pageSize) }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['companyName', 'contactName', 'phone', 'machineCode', 'channelCount', 'validDays'],
      properties: {
        companyName: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
        contactName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        phone: { type: 'string', minLength: 1, maxLength: 18, pattern: '^[0-9-]+$' },
        email: { type: 'string', maxLength: 128 },
        machineCode: { type: 'string', minLength: 8, maxLength: 500, pattern: '^[A-Za-z0-9+/=_:-]+$' },
        channelCount: { type: 'integer', minimum: 1, maximum: 100000 },
        validDays: { type: 'integer', minimum: 1, maximum: 3650 },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    initial: (row) =>
      row
        ? { companyName: row.companyName, contactName: row.contactName, phone: row.phone, email: row.email, machineCode: row.machineCode, channelCount: row.channelCount, validDays: row.validDays, remark: row.remark }
        : ({ channelCount: 16, validDays: 365, email: '', remark: '' } as unknown as LicForm),
  },
  add: (data) => licAppliesApi.add(data),
  update: (row, data) => licAppliesApi.update({ id: row.id, ...data }),
  remove: (rows) => licAppliesApi.remove(rows.map((row) => row.id)),
  permissions: { add: APPLY, edit: APPLY, remove: APPLY },
  rowActions: [{ key: 'reject', permission: GRANT, danger: true, confirm: true, visible: (row) => row.status === 0, run: (row) => licAppliesApi.update({ id: row.id, status: 2 }) }],
};
