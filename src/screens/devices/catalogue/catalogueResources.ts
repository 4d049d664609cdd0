// The camera catalogue and its control units (/camera/*, /ctrlunit/*, contract tag cameras) as declared resources:
// shown as tabs of /otherConfig (they have no route of their own). Writes belong to the device-configuration
// modules (the operations' x-permission).
import { PATTERNS } from '../../../domain/inputRules.ts';
import { presentFields } from '../../../forms/presentFields.ts';
import type { Choice, ResourceDeclaration } from '../../../components/resource/types.ts';
import {
  addCameraEntry,
  addCtrlUnit,
  allCtrlUnits,
  type CameraEntry,
  type CameraEntryInput,
  type CtrlUnit,
  type CtrlUnitInput,
  deleteCameraEntries,
  deleteCtrlUnits,
  listCameraEntries,
  listCtrlUnits,
  updateCameraEntry,
  updateCtrlUnit,
} from './catalogueApi.ts';

const WRITE = ['deviceConfig', 'deviceConfigImage'];
const code = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const units = (signal: AbortSignal): Promise<Choice[]> => allCtrlUnits(signal);

export const ctrlUnitsResource: ResourceDeclaration<CtrlUnit, 'keyword', CtrlUnitInput> = {
  id: 'ctrlUnits',
  ns: 'devices',
  prefix: 'catalogue.units',
  nameKey: 'name',
  columns: [
    { key: 'code', width: 140 },
    { key: 'name', minWidth: 140 },
    { key: 'parentName', width: 140 },
    { key: 'address', width: 160 },
    { key: 'cameraCount', width: 90, align: 'center' },
    { key: 'childCount', width: 90, align: 'center' },
  ],
  filters: [{ key: 'keyword', kind: 'text', maxLength: 128 }],
  lookups: { units },
  list: ({ filters, pageNo, pageSize, signal }) => listCtrlUnits(filters.keyword, pageNo, pageSize, signal),
  form: {
    lookups: ['units'],
    pickers: { parentId: { lookup: 'units', nullable: true, notSelf: true } },
    schema: {
      type: 'object',
      required: ['name', 'code'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 128 }, code, parentId: { type: 'integer' }, address: { type: 'string', maxLength: 128 } },
    },
    initial: (unit) => (unit ? { name: unit.name, code: unit.code, parentId: unit.parentId ?? null, address: unit.address ?? undefined } : { name: '', code: '', parentId: null }),
  },
  add: (data) => addCtrlUnit(data),
  update: (unit, data) => updateCtrlUnit(unit.id, data),
  remove: (rows) => deleteCtrlUnits(rows.map((unit) => unit.id)),
  permissions: { add: WRITE, edit: WRITE, remove: WRITE },
};

export const catalogueCamerasResource: ResourceDeclaration<CameraEntry, 'keyword', CameraEntryInput> = {
  id: 'cameras',
  ns: 'devices',
  prefix: 'catalogue.cameras',
  nameKey: 'name',
  columns: [
    { key: 'code', width: 140 },
    { key: 'name', minWidth: 140 },
    { key: 'ctrlUnitName', width: 140 },
    { key: 'ip', width: 130 },
    { key: 'brand', width: 100 },
    { key: 'deviceId', width: 90, render: (entry, context) => context.text(entry.deviceId ? 'linked.yes' : 'linked.no') },
  ],
  filters: [{ key: 'keyword', kind: 'text', maxLength: 128 }],
  lookups: { units },
  list: ({ filters, pageNo, pageSize, signal }) => listCameraEntries(filters.keyword, pageNo, pageSize, signal),
  form: {
    lookups: ['units'],
    pickers: { ctrlUnitId: { lookup: 'units', nullable: true } },
    schema: {
      type: 'object',
      required: ['name', 'code'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 128 },
        code,
        ctrlUnitId: { type: 'integer' },
        ip: { type: 'string', maxLength: 15, pattern: PATTERNS.ipv4 },
        port: { type: 'integer', minimum: 1, maximum: 65535 },
        rtspUrl: { type: 'string', maxLength: 500, pattern: PATTERNS.streamUrl },
        brand: { type: 'string', maxLength: 32 },
        address: { type: 'string', maxLength: 128 },
      },
    },
    initial: (entry) =>
      entry
        ? { name: entry.name, code: entry.code, ctrlUnitId: entry.ctrlUnitId ?? null, ...presentFields(entry, ['ip', 'port', 'rtspUrl', 'brand', 'address']) }
        : { name: '', code: '', ctrlUnitId: null },
  },
  add: (data) => addCameraEntry(data),
  update: (entry, data) => updateCameraEntry(entry.id, data),
  remove: (rows) => deleteCameraEntries(rows.map((entry) => entry.id)),
  permissions: { add: WRITE, edit: WRITE, remove: WRITE },
};
