// The system catalogues as declared resources: time models, image tags (/imgTagConfig), tags (/tagConfig), camera
// groups (page size 100, §9) and the unit tree (flattened in tree order, each unit indented by its level).
import type { RJSFSchema } from '@rjsf/utils';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import {
  cameraChoices,
  type CameraGroup,
  filterBody,
  groupsApi,
  type ImgTag,
  imgTagsApi,
  type SystemTag,
  tagsApi,
  type TimeModel,
  timeModelsApi,
  type UnitNode,
  unitsApi,
} from './catalogueApi.ts';

const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7];
const windowSchema: RJSFSchema = {
  type: 'object',
  required: ['startTime', 'endTime'],
  properties: {
    startTime: { type: 'string', maxLength: 64, pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' },
    endTime: { type: 'string', maxLength: 64, pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' },
  },
};

type TimeForm = { name: string; weeks: number[]; times: { startTime: string; endTime: string }[]; remark?: string };

export const timeModelsResource: ResourceDeclaration<TimeModel, 'name', TimeForm> = {
  id: 'timeModels',
  ns: 'catalogue',
  prefix: 'timeModels',
  nameKey: 'name',
  columns: [
    { key: 'name', minWidth: 140, sortable: true },
    { key: 'weeks', minWidth: 160, render: (model, c) => model.weeks.map((day) => c.enumText('weeks', day)).join('、') },
    { key: 'times', minWidth: 180, render: (model) => model.times.map((w) => `${w.startTime}–${w.endTime}`).join('，') },
    { key: 'usedCount', width: 90, align: 'center' },
    { key: 'remark', minWidth: 140 },
  ],
  filters: [{ key: 'name', kind: 'text', maxLength: 32 }],
  list: ({ filters, pageNo, pageSize, signal }) => timeModelsApi.list({ ...filterBody(filters), pageNo, pageSize }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['name', 'weeks', 'times'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        weeks: { type: 'array', minItems: 1, maxItems: 7, uniqueItems: true, items: { type: 'integer', enum: WEEK_DAYS } },
        times: { type: 'array', minItems: 1, maxItems: 12, items: windowSchema },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { weeks: { 'ui:widget': 'weeks' }, times: { items: { startTime: { 'ui:widget': 'time' }, endTime: { 'ui:widget': 'time' } } }, remark: { 'ui:widget': 'textarea' } },
    initial: (model) =>
      model ? { name: model.name, weeks: model.weeks, times: model.times, remark: model.remark || undefined } : { name: '', weeks: [1, 2, 3, 4, 5], times: [{ startTime: '08:00:00', endTime: '18:00:00' }] },
  },
  add: (data) => timeModelsApi.add(data),
  update: (model, data) => timeModelsApi.update({ id: model.id, ...data, remark: data.remark ?? '' }),
  remove: (rows) => timeModelsApi.remove(rows.map((model) => model.id)),
  permissions: { add: 'taskConfig', edit: 'taskConfig', remove: 'taskConfig' },
};

const color = { type: 'string', maxLength: 64, pattern: '^#[0-9A-Fa-f]{6}$' } as const;
type ImgTagForm = { tagName: string; color: string; description?: string; sort?: number };

export const imgTagsResource: ResourceDeclaration<ImgTag, 'tagName', ImgTagForm> = {
  id: 'imgTags',
  ns: 'catalogue',
  prefix: 'imgTags',
  nameKey: 'tagName',
  columns: [
    { key: 'tagName', minWidth: 140, sortable: true },
    { key: 'color', width: 120, kind: 'color' },
    { key: 'description', minWidth: 180 },
    { key: 'sort', width: 80, sortable: true },
    { key: 'imageCount', width: 90, align: 'center' },
    { key: 'createTime', kind: 'time', width: 170 },
  ],
  filters: [{ key: 'tagName', kind: 'text', maxLength: 32 }],
  list: ({ filters, pageNo, pageSize, signal }) => imgTagsApi.list({ ...filterBody(filters), pageNo, pageSize }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['tagName', 'color'],
      properties: { tagName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' }, color, description: { type: 'string', maxLength: 128 }, sort: { type: 'integer', minimum: 0, maximum: 9999 } },
    },
    uiSchema: { color: { 'ui:widget': 'color' } },
    initial: (tag) => (tag ? { tagName: tag.tagName, color: tag.color, description: tag.description || undefined, sort: tag.sort } : { tagName: '', color: '#1677FF', sort: 0 }),
  },
  add: (data) => imgTagsApi.add(data),
  update: (tag, data) => imgTagsApi.update({ id: tag.id, ...data, description: data.description ?? '' }),
  remove: (rows) => imgTagsApi.remove(rows.map((tag) => tag.id)),
  permissions: { add: 'imgTagConfig', edit: 'imgTagConfig', remove: 'imgTagConfig' },
};

const TAG_TYPES = ['camera', 'event', 'alarm'] as const;
type TagForm = { tagName: string; tagType: SystemTag['tagType']; color: string; remark?: string; sort?: number };

export const tagsResource: ResourceDeclaration<SystemTag, 'tagName' | 'tagType', TagForm> = {
  id: 'tags',
  ns: 'catalogue',
  prefix: 'tags',
  nameKey: 'tagName',
  columns: [
    { key: 'tagName', minWidth: 140, sortable: true },
    { key: 'tagType', width: 100, kind: 'enum' },
    { key: 'color', width: 120, kind: 'color' },
    { key: 'remark', minWidth: 160 },
    { key: 'sort', width: 80, sortable: true },
    { key: 'useCount', width: 90, align: 'center' },
  ],
  filters: [
    { key: 'tagName', kind: 'text', maxLength: 32 },
    { key: 'tagType', kind: 'select', values: TAG_TYPES },
  ],
  list: ({ filters, pageNo, pageSize, signal }) => tagsApi.list({ ...filterBody(filters), pageNo, pageSize }, signal),
  form: {
    schema: {
      type: 'object',
      required: ['tagName', 'tagType', 'color'],
      properties: {
        tagName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        tagType: { type: 'string', enum: [...TAG_TYPES] },
        color,
        remark: { type: 'string', maxLength: 500 },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
      },
    },
    uiSchema: { color: { 'ui:widget': 'color' }, remark: { 'ui:widget': 'textarea' } },
    initial: (tag) => (tag ? { tagName: tag.tagName, tagType: tag.tagType, color: tag.color, remark: tag.remark || undefined, sort: tag.sort } : { tagName: '', tagType: 'camera', color: '#1677FF', sort: 0 }),
  },
  add: (data) => tagsApi.add(data),
  update: (tag, data) => tagsApi.update({ id: tag.id, ...data, remark: data.remark ?? '' }),
  remove: (rows) => tagsApi.remove(rows.map((tag) => tag.id)),
  permissions: { add: 'tagConfig', edit: 'tagConfig', remove: 'tagConfig' },
};

type GroupForm = { groupName: string; parentId: number | null; cameraIds: number[]; sort?: number; remark?: string };

export const groupsResource: ResourceDeclaration<CameraGroup, 'groupName', GroupForm> = {
  id: 'groups',
  ns: 'catalogue',
  prefix: 'groups',
  nameKey: 'groupName',
  // §9: the group manager pages by 100.
  defaultPageSize: 100,
  columns: [
    { key: 'groupName', minWidth: 140, sortable: true },
    { key: 'parentId', width: 140, kind: 'lookup', lookup: 'groups' },
    { key: 'cameraCount', width: 90, align: 'center' },
    { key: 'cameraIds', minWidth: 200, render: (group, c) => group.cameraIds.map((id) => c.lookups.cameras?.find((camera) => camera.value === id)?.label ?? String(id)).join('、') || '–' },
    { key: 'sort', width: 80, sortable: true },
    { key: 'remark', minWidth: 140 },
  ],
  filters: [{ key: 'groupName', kind: 'text', maxLength: 32 }],
  lookups: { groups: groupsApi.choices, cameras: cameraChoices },
  list: ({ filters, pageNo, pageSize, signal }) => groupsApi.list({ ...filterBody(filters), page: pageNo, rows: pageSize }, signal),
  form: {
    lookups: ['groups', 'cameras'],
    pickers: { parentId: { lookup: 'groups', nullable: true, notSelf: true }, cameraIds: { lookup: 'cameras', multiple: true } },
    schema: {
      type: 'object',
      required: ['groupName'],
      properties: {
        groupName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        parentId: { type: 'integer' },
        cameraIds: { type: 'array', maxItems: 10000, items: { type: 'integer' } },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { remark: { 'ui:widget': 'textarea' } },
    initial: (group) =>
      group ? { groupName: group.groupName, parentId: group.parentId, cameraIds: group.cameraIds, sort: group.sort, remark: group.remark || undefined } : { groupName: '', parentId: null, cameraIds: [], sort: 0 },
  },
  add: (data) => groupsApi.add(data),
  update: (group, data) => groupsApi.update({ id: group.id, ...data, remark: data.remark ?? '' }),
  remove: (rows) => groupsApi.remove(rows.map((group) => group.id)),
  permissions: { add: 'deviceConfig', edit: 'deviceConfig', remove: 'deviceConfig' },
};

/** A unit of the tree as a row: the tree walked in order (parents before children). */
export type UnitRow = Omit<UnitNode, 'children'> & { childCount: number };

export function flattenUnits(nodes: UnitNode[]): UnitRow[] {
  return nodes.flatMap(({ children, ...unit }) => [{ ...unit, childCount: children.length }, ...flattenUnits(children)]);
}

async function unitChoices(signal: AbortSignal) {
  return flattenUnits(await unitsApi.tree('', signal)).map((unit) => ({ value: unit.id, label: `${'— '.repeat(unit.level - 1)}${unit.unitName}` }));
}

type UnitForm = { unitName: string; unitCode?: string; parentId: number | null; cameraIds: number[]; sort?: number; remark?: string };

export const unitsResource: ResourceDeclaration<UnitRow, 'name', UnitForm> = {
  id: 'units',
  ns: 'catalogue',
  prefix: 'units',
  nameKey: 'unitName',
  columns: [
    { key: 'unitName', minWidth: 180, render: (unit) => `${'— '.repeat(unit.level - 1)}${unit.unitName}` },
    { key: 'unitCode', width: 130, kind: 'code' },
    { key: 'level', width: 70, align: 'center' },
    { key: 'cameraCount', width: 90, align: 'center' },
    { key: 'childCount', width: 90, align: 'center' },
    { key: 'sort', width: 70 },
    { key: 'remark', minWidth: 140 },
  ],
  filters: [{ key: 'name', kind: 'text', maxLength: 32 }],
  lookups: { units: unitChoices, cameras: cameraChoices },
  // The tree is answered whole (units are few): paged here, in tree order.
  list: async ({ filters, pageNo, pageSize, signal }) => {
    const rows = flattenUnits(await unitsApi.tree(filters.name, signal));
    return { list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length };
  },
  form: {
    lookups: ['units', 'cameras'],
    pickers: { parentId: { lookup: 'units', nullable: true, notSelf: true }, cameraIds: { lookup: 'cameras', multiple: true } },
    schema: {
      type: 'object',
      required: ['unitName'],
      properties: {
        unitName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
        unitCode: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]*$' },
        parentId: { type: 'integer' },
        cameraIds: { type: 'array', maxItems: 10000, items: { type: 'integer' } },
        sort: { type: 'integer', minimum: 0, maximum: 9999 },
        remark: { type: 'string', maxLength: 500 },
      },
    },
    uiSchema: { remark: { 'ui:widget': 'textarea' } },
    initial: (unit) =>
      unit
        ? { unitName: unit.unitName, unitCode: unit.unitCode || undefined, parentId: unit.parentId, cameraIds: unit.cameraIds, sort: unit.sort, remark: unit.remark || undefined }
        : { unitName: '', parentId: null, cameraIds: [], sort: 0 },
  },
  add: (data) => unitsApi.add({ ...data, unitCode: data.unitCode ?? '' }),
  update: (unit, data) => unitsApi.update({ id: unit.id, ...data, unitCode: data.unitCode ?? '', remark: data.remark ?? '' }),
  remove: (rows) => unitsApi.remove(rows.map((unit) => unit.id)),
  permissions: { add: 'deviceConfig', edit: 'deviceConfig', remove: 'deviceConfig' },
};
