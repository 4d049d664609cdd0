// Push endpoints (/plugManage) as a declared resource, and the delivery log of one endpoint. An endpoint is an
// http(s) address with a signing secret (shown masked; "******" keeps it; a new address needs a new one, the server
// says so); it is switched on and off (§4), sent a test push, and its log opened. The server's outbound allow-list
// refuses internal addresses with a message the form shows; credentials in the address come back as ***:***.
import i18next from 'i18next';
import { notify } from '../../app/notify.ts';
import type { ResourceDeclaration } from '../../components/resource/types.ts';
import { catalogueEventChoices } from '../licensing/licensingApi.ts';
import { type PlugIndustry, plugApi } from './pushApi.ts';

const WRITE = 'plugManage';
const MASK = '******';
type EndpointForm = {
  industryName: string;
  protocol: 'http' | 'kafka' | 'mqtt';
  pushUrl: string;
  authToken?: string;
  eventIds?: number[];
  pushSwitch?: 0 | 1;
  withImage?: boolean;
  remark?: string;
};

export function endpointsResource(openLog: (endpoint: PlugIndustry) => void): ResourceDeclaration<PlugIndustry, 'industryName' | 'pushSwitch', EndpointForm> {
  return {
    id: 'endpoints',
    ns: 'push',
    prefix: 'endpoints',
    nameKey: 'industryName',
    columns: [
      { key: 'industryName', minWidth: 140 },
      { key: 'pushUrl', minWidth: 220 },
      { key: 'authToken', width: 100 },
      { key: 'pushSwitch', width: 80, kind: 'enum' },
      { key: 'withImage', width: 110, kind: 'bool' },
      { key: 'lastPushState', width: 110, kind: 'enum' },
      { key: 'lastPushTime', kind: 'time', width: 170 },
      { key: 'createTime', kind: 'time', width: 170 },
    ],
    filters: [
      { key: 'industryName', kind: 'text', maxLength: 32 },
      { key: 'pushSwitch', kind: 'select', values: [0, 1] },
    ],
    lookups: { events: catalogueEventChoices },
    list: ({ filters, pageNo, pageSize, signal }) =>
      plugApi.list({ industryName: filters.industryName || undefined, pushSwitch: filters.pushSwitch ? (Number(filters.pushSwitch) as 0) : undefined, pageNo, pageSize }, signal),
    form: {
      lookups: ['events'],
      pickers: { eventIds: { lookup: 'events', multiple: true } },
      schema: {
        type: 'object',
        required: ['industryName', 'protocol', 'pushUrl'],
        properties: {
          industryName: { type: 'string', minLength: 1, maxLength: 32, pattern: '\\S' },
          protocol: { type: 'string', enum: ['http', 'kafka', 'mqtt'] },
          pushUrl: { type: 'string', minLength: 1, maxLength: 500, pattern: '^\\S+$' },
          authToken: { type: 'string', maxLength: 500 },
          eventIds: { type: 'array', maxItems: 1000, items: { type: 'integer' } },
          pushSwitch: { type: 'integer', enum: [0, 1] },
          withImage: { type: 'boolean' },
          remark: { type: 'string', maxLength: 500 },
        },
      },
      uiSchema: () => ({
        protocol: { 'ui:help': i18next.t('push:endpoints.httpOnly') },
        pushUrl: { 'ui:help': i18next.t('push:endpoints.urlHelp') },
        authToken: { 'ui:widget': 'password', 'ui:help': i18next.t('push:endpoints.secretHelp') },
        remark: { 'ui:widget': 'textarea' },
      }),
      initial: (row) =>
        row
          ? { industryName: row.industryName, protocol: row.protocol, pushUrl: row.pushUrl, authToken: row.authToken || '', eventIds: row.eventIds, pushSwitch: row.pushSwitch, withImage: row.withImage, remark: row.remark }
          : { industryName: '', protocol: 'http', pushUrl: 'https://', authToken: '', eventIds: [], pushSwitch: 0, withImage: true, remark: '' },
    },
    add: (data) => plugApi.add(data),
    // The mask (or nothing) keeps the stored secret.
    update: (row, data) => plugApi.update({ id: row.id, ...data, authToken: data.authToken === MASK || !data.authToken ? undefined : data.authToken }),
    remove: (rows) => plugApi.remove(rows.map((row) => row.id)),
    permissions: { add: WRITE, edit: WRITE, remove: WRITE },
    rowActions: [
      { key: 'log', run: async (row) => openLog(row) },
      {
        key: 'test',
        permission: WRITE,
        run: async (row) => {
          await plugApi.test(row.id);
          notify('success', i18next.t('push:endpoints.testQueued'));
          openLog(row);
        },
      },
      { key: 'on', permission: WRITE, confirm: true, visible: (row) => row.pushSwitch !== 1, run: (row) => plugApi.switch([row.id], 1) },
      { key: 'off', permission: WRITE, confirm: true, visible: (row) => row.pushSwitch === 1, run: (row) => plugApi.switch([row.id], 0) },
    ],
    bulkActions: [
      { key: 'on', permission: WRITE, confirm: true, run: (rows) => plugApi.switch(rows.map((row) => row.id), 1) },
      { key: 'off', permission: WRITE, confirm: true, run: (rows) => plugApi.switch(rows.map((row) => row.id), 0) },
    ],
  };
}
