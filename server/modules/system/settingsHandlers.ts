// system: the platform-wide settings kept as one JSON document each in site_settings — the alarm output defaults
// (/system/outputConfig), search and push (/system/searchPushConfig), the watermark (/system/watermarkConfig) and the
// allowed hosts of outbound calls (/system/outboundConfig, read by server/http/outbound.ts's callers).
// Never saved: the contract's defaults. Each save replaces the whole document in one statement.
import type { Kysely } from 'kysely';
import { ATTRIBUTE_KEYS } from '../../../src/domain/attributeDictionary.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { normaliseAllowedHost } from '../../http/outbound.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';

export type OutputConfig = Schema<'SystemOutputConfig'>;
export type SearchPushConfig = Schema<'SystemSearchPushConfig'>;
export type WatermarkConfig = Schema<'SystemWatermarkConfig'>;
export type OutboundConfig = Schema<'SystemOutboundConfig'>;

export const SETTINGS = {
  output: {
    key: 'system.outputConfig',
    defaults: {
      resPutUrl: '',
      computeUrl: '',
      recheckUrl: '',
      imageMode: 'url',
      imageQuality: 85,
      drawBoxes: true,
      videoClipEnabled: false,
      videoClipSeconds: 10,
      retryTimes: 3,
      alarmRetentionDays: 90,
    } satisfies OutputConfig as OutputConfig,
  },
  searchPush: {
    key: 'system.searchPushConfig',
    defaults: {
      search: { imageSearchEnabled: true, maxImages: 3, similarityThreshold: 0.8, topK: 100, maxRangeDays: 15, attributeKeys: [] },
      push: { enabled: false, eventIds: [], withImage: true, intervalSec: 0, retryTimes: 3 },
    } satisfies SearchPushConfig as SearchPushConfig,
  },
  watermark: {
    key: 'system.watermarkConfig',
    defaults: {
      enabled: false,
      content: '{time} {cameraName}',
      position: 'bottomRight',
      fontSize: 20,
      color: '#FFFFFF',
      opacity: 0.8,
      applyTo: ['alarmImage'],
    } satisfies WatermarkConfig as WatermarkConfig,
  },
  outbound: {
    key: 'system.outboundConfig',
    defaults: { allowedHosts: [] } satisfies OutboundConfig as OutboundConfig,
  },
} as const;

type Setting = keyof typeof SETTINGS;
type ValueOf<S extends Setting> = (typeof SETTINGS)[S]['defaults'];

/** The stored document over the defaults (keys the contract added later keep their defaults). */
export async function readSetting<S extends Setting>(db: Kysely<Database>, setting: S): Promise<ValueOf<S>> {
  const { key, defaults } = SETTINGS[setting];
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return structuredClone(defaults) as ValueOf<S>;
  try {
    const stored = JSON.parse(row.value) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...defaults };
    for (const [k, v] of Object.entries(stored)) {
      const base = (defaults as Record<string, unknown>)[k];
      merged[k] = base && typeof base === 'object' && !Array.isArray(base) && v && typeof v === 'object' ? { ...base, ...v } : v;
    }
    return merged as ValueOf<S>;
  } catch {
    return structuredClone(defaults) as ValueOf<S>;
  }
}

async function writeSetting(db: Kysely<Database>, setting: Setting, value: unknown): Promise<void> {
  const key = SETTINGS[setting].key;
  const now = new Date();
  await db
    .insertInto('siteSettings')
    .values({ key, value: JSON.stringify(value), updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: now }))
    .execute();
}

const KNOWN_ATTRIBUTES = new Set<string>(ATTRIBUTE_KEYS);

export const settingsHandlers: HandlerMap = {
  getSystemOutputConfig: ({ db }: Ctx<'getSystemOutputConfig'>) => readSetting(db, 'output'),

  async saveSystemOutputConfig({ db, body }: Ctx<'saveSystemOutputConfig'>) {
    await writeSetting(db, 'output', body);
    return null;
  },

  getSearchPushConfig: ({ db }: Ctx<'getSearchPushConfig'>) => readSetting(db, 'searchPush'),

  async saveSearchPushConfig({ db, body }: Ctx<'saveSearchPushConfig'>) {
    const unknown = body.search.attributeKeys.find((key) => !KNOWN_ATTRIBUTES.has(key));
    if (unknown) throw new ApiError(400, 'catalogue.unknownAttribute', { field: 'search.attributeKeys', key: unknown });
    const eventIds = [...new Set(body.push.eventIds)];
    if (eventIds.length) {
      const known = new Set((await db.selectFrom('catalogueEvents').select('eventId').where('eventId', 'in', eventIds).execute()).map((r) => r.eventId));
      const missing = eventIds.filter((id) => !known.has(id));
      if (missing.length) throw new ApiError(400, 'catalogue.unknownEvents', { field: 'push.eventIds', ids: missing.join(', ') });
    }
    await writeSetting(db, 'searchPush', {
      search: { ...body.search, attributeKeys: [...new Set(body.search.attributeKeys)] },
      push: { ...body.push, eventIds },
    });
    return null;
  },

  getWatermarkConfig: ({ db }: Ctx<'getWatermarkConfig'>) => readSetting(db, 'watermark'),

  async saveWatermarkConfig({ db, body }: Ctx<'saveWatermarkConfig'>) {
    await writeSetting(db, 'watermark', { ...body, color: body.color.toUpperCase(), applyTo: [...new Set(body.applyTo)] });
    return null;
  },

  getOutboundConfig: ({ db }: Ctx<'getOutboundConfig'>) => readSetting(db, 'outbound'),

  async saveOutboundConfig({ db, body }: Ctx<'saveOutboundConfig'>) {
    const allowedHosts = body.allowedHosts.map((entry, index) => {
      const normalised = normaliseAllowedHost(entry);
      if (normalised === null) throw new ApiError(400, 'outbound.badAllowedHost', { index: index + 1, entry });
      return normalised;
    });
    await writeSetting(db, 'outbound', { allowedHosts: [...new Set(allowedHosts)] });
    return null;
  },
};
