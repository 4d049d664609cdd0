// The event catalogue as declared resources: algorithm events (/event/*, disable and restart of §4) and their
// types (/event/type/*). Shown on /algorithmConfig; written by the algorithm-configuration modules.
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { type CatalogueEvent, type CatalogueEventType, eventsApi, eventTypesApi, filterBody } from './catalogueApi.ts';

const WRITE = ['algorithmConfig', 'algorithmConfigSuper'];
const EVENT_TYPES = ['violation', 'road', 'custom'] as const;

type EventForm = { eventId: number; eventName: string; eventType: CatalogueEvent['eventType']; appName?: string; typeId: number; version?: string; remark?: string };

export const eventsResource: ResourceDeclaration<CatalogueEvent, 'eventName' | 'eventType' | 'typeId' | 'enabled', EventForm> = {
  id: 'events',
  ns: 'catalogue',
  prefix: 'events',
  nameKey: 'eventName',
  columns: [
    { key: 'eventId', width: 90, sortable: true },
    { key: 'eventName', minWidth: 140, sortable: true },
    { key: 'eventType', width: 110, kind: 'enum' },
    { key: 'typeName', width: 120 },
    { key: 'appName', width: 150 },
    { key: 'version', width: 90 },
    { key: 'enabled', width: 90, kind: 'enum' },
    { key: 'updateTime', kind: 'time', width: 170, sortable: true },
  ],
  filters: [
    { key: 'eventName', kind: 'text', maxLength: 32 },
    { key: 'eventType', kind: 'select', values: EVENT_TYPES },
    { key: 'typeId', kind: 'select', lookup: 'types' },
    { key: 'enabled', kind: 'select', values: ['true', 'false'] },
  ],
  lookups: { types: eventTypesApi.choices },
  list: ({ filters, pageNo, pageSize, signal }) => eventsApi.list({ ...filterBody(filters, ['typeId'], ['enabled']), pageNo, pageSize }, signal),
  form: {
    lookups: ['types'],
    pickers: { typeId: { lookup: 'types' } },
    schema: {
      type: 'object',
      required: ['eventId', 'eventName', 'eventType', 'typeId'],
      properties: {
        eventId: { type: 'integer', minimum: 1, maximum: 999999 },
        eventName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        eventType: { type: 'string', enum: [...EVENT_TYPES] },
        typeId: { type: 'integer' },
        appName: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9_.-]*$' },
        version: { type: 'string', maxLength: 32, pattern: '^[0-9A-Za-z._-]*$' },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { remark: { 'ui:widget': 'textarea' } },
    initial: (event) =>
      event
        ? { eventId: event.eventId, eventName: event.eventName, eventType: event.eventType, typeId: event.typeId, appName: event.appName || undefined, version: event.version, remark: event.remark || undefined }
        : ({ eventType: 'custom', version: '1.0.0' } as EventForm),
  },
  add: (data) => eventsApi.add({ ...data, appName: data.appName ?? '', remark: data.remark ?? '' }),
  update: (event, data) => eventsApi.update({ id: event.id, ...data, appName: data.appName ?? '', remark: data.remark ?? '' }),
  remove: (rows) => eventsApi.remove(rows.map((event) => event.id)),
  permissions: { add: WRITE, edit: WRITE, remove: WRITE },
  rowActions: [
    { key: 'disable', permission: WRITE, confirm: true, visible: (event) => event.enabled, run: (event) => eventsApi.disable([event.id]) },
    { key: 'restart', permission: WRITE, confirm: true, run: (event) => eventsApi.restart([event.id]) },
  ],
  bulkActions: [
    { key: 'disable', permission: WRITE, confirm: true, run: (rows) => eventsApi.disable(rows.map((event) => event.id)) },
    { key: 'restart', permission: WRITE, confirm: true, run: (rows) => eventsApi.restart(rows.map((event) => event.id)) },
  ],
};

type TypeForm = { typeName: string; parentId: number | null; sort?: number; remark?: string };

export const eventTypesResource: ResourceDeclaration<CatalogueEventType, 'typeName', TypeForm> = {
  id: 'eventTypes',
  ns: 'catalogue',
  prefix: 'eventTypes',
  nameKey: 'typeName',
  columns: [
    { key: 'typeName', minWidth: 160, sortable: true },
    { key: 'parentId', width: 160, kind: 'lookup', lookup: 'types' },
    { key: 'sort', width: 80, sortable: true },
    { key: 'eventCount', width: 90, align: 'center' },
    { key: 'remark', minWidth: 160 },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [{ key: 'typeName', kind: 'text', maxLength: 32 }],
  lookups: { types: eventTypesApi.choices },
  list: ({ filters, pageNo, pageSize, signal }) => eventTypesApi.list({ ...filterBody(filters), pageNo, pageSize }, signal),
  form: {
    lookups: ['types'],
    pickers: { parentId: { lookup: 'types', nullable: true, notSelf: true } },
    schema: {
      type: 'object',
      required: ['typeName'],
      properties: {
        typeName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        parentId: { type: 'integer' },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { remark: { 'ui:widget': 'textarea' } },
    initial: (type) => (type ? { typeName: type.typeName, parentId: type.parentId, sort: type.sort, remark: type.remark || undefined } : { typeName: '', parentId: null, sort: 0 }),
  },
  add: (data) => eventTypesApi.add(data),
  update: (type, data) => eventTypesApi.update({ id: type.id, ...data, remark: data.remark ?? '' }),
  remove: (rows) => eventTypesApi.remove(rows.map((type) => type.id)),
  permissions: { add: WRITE, edit: WRITE, remove: WRITE },
};
