// The platform settings documents as declared forms: alarm output defaults, the watermark (otherConfig), search and
// push (plugManage, read by target retrieval too), the allowed hosts of outbound calls (outboundAllow, administrators).
// Same bounds as the contract's schemas.
import type { SettingsDeclaration } from '../../components/resource/SettingsPanel.tsx';
import { ATTRIBUTE_DICTIONARY, ATTRIBUTE_KEYS } from '../../domain/attributeDictionary.ts';
import { eventChoices, type OutboundConfig, type OutputConfig, type RecordingConfig, type SearchPushConfig, settingsApi, type WatermarkConfig } from './catalogueApi.ts';

const url = { type: 'string', maxLength: 500, pattern: '^(https?://\\S+)?$' } as const;

export const outputSettings: SettingsDeclaration<OutputConfig> = {
  id: 'output',
  ns: 'catalogue',
  prefix: 'output',
  write: 'otherConfig',
  load: async (signal) => (await settingsApi.output.get(signal)) as OutputConfig,
  save: (data) => settingsApi.output.save(data),
  schema: {
    type: 'object',
    required: ['resPutUrl', 'computeUrl', 'recheckUrl', 'imageMode', 'imageQuality', 'drawBoxes', 'videoClipEnabled', 'videoClipSeconds', 'retryTimes', 'alarmRetentionDays'],
    properties: {
      resPutUrl: url,
      computeUrl: url,
      recheckUrl: url,
      imageMode: { type: 'string', enum: ['url', 'base64'] },
      imageQuality: { type: 'integer', minimum: 10, maximum: 100 },
      drawBoxes: { type: 'boolean' },
      videoClipEnabled: { type: 'boolean' },
      videoClipSeconds: { type: 'integer', minimum: 1, maximum: 60 },
      retryTimes: { type: 'integer', minimum: 0, maximum: 10 },
      alarmRetentionDays: { type: 'integer', minimum: 1, maximum: 3650 },
    },
  },
  uiSchema: { resPutUrl: { 'ui:emptyValue': '' }, computeUrl: { 'ui:emptyValue': '' }, recheckUrl: { 'ui:emptyValue': '' }, drawBoxes: { 'ui:widget': 'toggle' }, videoClipEnabled: { 'ui:widget': 'toggle' } },
};

export const watermarkSettings: SettingsDeclaration<WatermarkConfig> = {
  id: 'watermark',
  ns: 'catalogue',
  prefix: 'watermark',
  write: 'otherConfig',
  load: async (signal) => (await settingsApi.watermark.get(signal)) as WatermarkConfig,
  save: (data) => settingsApi.watermark.save(data),
  schema: {
    type: 'object',
    required: ['enabled', 'content', 'position', 'fontSize', 'color', 'opacity', 'applyTo'],
    properties: {
      enabled: { type: 'boolean' },
      content: { type: 'string', maxLength: 128 },
      position: { type: 'string', enum: ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center', 'tile'] },
      fontSize: { type: 'integer', minimum: 8, maximum: 96 },
      color: { type: 'string', maxLength: 64, pattern: '^#[0-9A-Fa-f]{6}$' },
      opacity: { type: 'number', minimum: 0, maximum: 1 },
      applyTo: { type: 'array', maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['alarmImage', 'exportImage', 'videoPlay'] } },
    },
  },
  uiSchema: { enabled: { 'ui:widget': 'toggle' }, color: { 'ui:widget': 'color' }, opacity: { 'ui:widget': 'range', 'ui:options': { step: 0.05 } }, applyTo: { 'ui:widget': 'checkboxes' } },
};

/** Retention of continuous recordings: days, share of the data directory's disk, the free-space floor. */
export const recordingSettings: SettingsDeclaration<RecordingConfig> = {
  id: 'recording',
  ns: 'catalogue',
  prefix: 'recording',
  write: 'otherConfig',
  load: async (signal) => (await settingsApi.recording.get(signal)) as RecordingConfig,
  save: (data) => settingsApi.recording.save(data),
  schema: {
    type: 'object',
    required: ['retentionDays', 'maxDiskSharePercent', 'minFreeGiB', 'minFreePercent'],
    properties: {
      retentionDays: { type: 'integer', minimum: 1, maximum: 3650 },
      maxDiskSharePercent: { type: 'integer', minimum: 1, maximum: 95 },
      minFreeGiB: { type: 'integer', minimum: 1, maximum: 1024 },
      minFreePercent: { type: 'integer', minimum: 1, maximum: 50 },
    },
  },
};

/** Host names, IPs and ranges the server may call whatever their address (the server checks and normalises each). */
export const outboundSettings: SettingsDeclaration<OutboundConfig> = {
  id: 'outbound',
  ns: 'catalogue',
  prefix: 'outbound',
  write: 'outboundAllow',
  load: async (signal) => (await settingsApi.outbound.get(signal)) as OutboundConfig,
  save: (data) => settingsApi.outbound.save({ allowedHosts: (data.allowedHosts ?? []).map((host) => host.trim()).filter(Boolean) }),
  schema: {
    type: 'object',
    required: ['allowedHosts'],
    properties: {
      allowedHosts: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 253, pattern: '^\\s*[A-Za-z0-9._:%/\\[\\]-]+\\s*$' } },
    },
  },
  uiSchema: { allowedHosts: { items: { 'ui:placeholder': 'receiver.example.lan, 10.20.0.0/16, 192.168.1.50' } } },
};

/** An attribute key's name in the language (the §3 dictionaries name them; the first object type naming a key wins). */
function attributeNames(language: string): string[] {
  const names = new Map<string, string>();
  for (const entries of Object.values(ATTRIBUTE_DICTIONARY)) {
    for (const entry of entries) if (!names.has(entry.attributeKey)) names.set(entry.attributeKey, language.startsWith('en') ? entry.attributeName.en : entry.attributeName.zh);
  }
  return ATTRIBUTE_KEYS.map((key) => `${names.get(key) ?? key} (${key})`);
}

/** The events a push can be limited to are loaded with the form; attribute names follow the language. */
export function searchPushSettings(events: { value: string | number; label: string }[], language: string): SettingsDeclaration<SearchPushConfig> {
  return {
    id: 'searchPush',
    ns: 'catalogue',
    prefix: 'searchPush',
    write: 'plugManage',
    load: async (signal) => (await settingsApi.searchPush.get(signal)) as SearchPushConfig,
    save: (data) => settingsApi.searchPush.save(data),
    schema: {
      type: 'object',
      required: ['search', 'push'],
      properties: {
        search: {
          type: 'object',
          required: ['imageSearchEnabled', 'maxImages', 'similarityThreshold', 'topK', 'maxRangeDays', 'attributeKeys'],
          properties: {
            imageSearchEnabled: { type: 'boolean' },
            maxImages: { type: 'integer', minimum: 1, maximum: 3 },
            similarityThreshold: { type: 'number', minimum: 0, maximum: 1 },
            topK: { type: 'integer', minimum: 1, maximum: 1000 },
            maxRangeDays: { type: 'integer', minimum: 1, maximum: 15 },
            attributeKeys: { type: 'array', maxItems: 200, uniqueItems: true, items: { type: 'string', enum: [...ATTRIBUTE_KEYS] } },
          },
        },
        push: {
          type: 'object',
          required: ['enabled', 'eventIds', 'withImage', 'intervalSec', 'retryTimes'],
          properties: {
            enabled: { type: 'boolean' },
            eventIds: { type: 'array', maxItems: 1000, uniqueItems: true, items: { type: 'integer', enum: events.map((e) => Number(e.value)) } },
            withImage: { type: 'boolean' },
            intervalSec: { type: 'integer', minimum: 0, maximum: 3600 },
            retryTimes: { type: 'integer', minimum: 0, maximum: 10 },
          },
        },
      },
    },
    uiSchema: {
      search: { imageSearchEnabled: { 'ui:widget': 'toggle' }, similarityThreshold: { 'ui:widget': 'range', 'ui:options': { step: 0.05 } }, attributeKeys: { 'ui:widget': 'multiselect', items: { 'ui:enumNames': attributeNames(language) } } },
      push: { enabled: { 'ui:widget': 'toggle' }, withImage: { 'ui:widget': 'toggle' }, eventIds: { 'ui:widget': 'multiselect', items: { 'ui:enumNames': events.map((e) => e.label) } } },
    },
  };
}

export { eventChoices };
