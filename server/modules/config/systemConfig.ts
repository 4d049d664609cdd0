// The system_config table holds every value as text; this reads it back with the contract's types
// (SystemConfig) and writes typed values as text. Keys never stored fall back to server/db/seed/defaults.ts.
import type { Kysely } from 'kysely';
import { defaultSystemConfig } from '../../db/seed/defaults.ts';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';

type Kind = 'string' | 'boolean' | 'number' | 'integer' | 'port' | 'map';

/** The keys the contract names, and how each is typed. Only these can be changed through updateSystemConfig. */
export const namedKeys = {
  systemName: 'string',
  versionTitle: 'string',
  contextMenuEnabled: 'boolean',
  assistantUrl: 'string',
  assistantServiceId: 'string',
  websocketServer: 'string',
  websocketPort: 'port',
  mapLatitude: 'number',
  mapLongitude: 'number',
  mapZoom: 'integer',
  titleWordReplacements: 'map',
  audioUrl: 'string',
  skin: 'string',
  sceneType: 'integer',
  statsIncludeSimulated: 'boolean',
  checkerNotHandler: 'boolean',
} satisfies Record<keyof Schema<'SystemConfigUpdate'>, Kind>;

export type NamedKey = keyof typeof namedKeys;

/** The page logo lives in the same table but is answered by getTitle only: its images can be megabytes. */
export const logoKeys = ['logoDesc', 'logoType', 'logoImageBig', 'logoImageLittle'] as const;

/** Stored values over the defaults: only the `only` keys when given, never the `except` keys. */
export async function storedConfig(
  db: Kysely<Database>,
  keys: { only?: readonly string[]; except?: readonly string[] } = {},
): Promise<Record<string, string>> {
  let query = db.selectFrom('systemConfig').select(['key', 'value']);
  if (keys.only) query = query.where('key', 'in', [...keys.only]);
  if (keys.except) query = query.where('key', 'not in', [...keys.except]);
  const rows = await query.execute();
  const defaults = Object.entries(defaultSystemConfig).filter(
    ([key]) => (!keys.only || keys.only.includes(key)) && !keys.except?.includes(key),
  );
  return { ...Object.fromEntries(defaults), ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
}

/** The whole configuration as SystemConfig: named keys typed, other stored keys as strings, the logo left out. */
export async function readSystemConfig(db: Kysely<Database>): Promise<Schema<'SystemConfig'>> {
  const stored = await storedConfig(db, { except: logoKeys });
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    out[key] = key in namedKeys ? parseValue(namedKeys[key as NamedKey], value, defaultSystemConfig[key]) : value;
  }
  return out as Schema<'SystemConfig'>;
}

/** A stored text as its typed value; text that does not parse (edited by hand) falls back to the default. */
function parseValue(kind: Kind, value: string, fallback: string | undefined): unknown {
  const parsed = parseAs(kind, value);
  return parsed === undefined && fallback !== undefined ? parseAs(kind, fallback) : parsed;
}

function parseAs(kind: Kind, value: string): unknown {
  switch (kind) {
    case 'string':
      return value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'number': {
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'integer':
    case 'port': {
      if (kind === 'port' && value === '') return null;
      const n = Number(value);
      return value.trim() !== '' && Number.isInteger(n) ? n : undefined;
    }
    case 'map': {
      try {
        const map = JSON.parse(value) as unknown;
        return map && typeof map === 'object' && !Array.isArray(map) ? map : undefined;
      } catch {
        return undefined;
      }
    }
  }
}

/** A typed value as stored text (a null port is stored empty: same port as the console). */
export function serializeValue(kind: Kind, value: unknown): string {
  if (value === null || value === undefined) return '';
  return kind === 'map' ? JSON.stringify(value) : String(value);
}

/** Upserts text values (inside the caller's transaction when more than one key is written). */
export async function writeConfig(db: Kysely<Database>, values: Record<string, string>) {
  const updatedAt = new Date();
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('systemConfig')
      .values({ key, value, updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt }))
      .execute();
  }
}
