// algorithms: each algorithm's parameters (/algorithm/params*, the /algorithmConfig screens). An algorithm (an app of
// the event catalogue) has a JSON Schema in schemas/algorithm-<app>.schema.json — the same file the console's form
// is built from — and the server validates again with it. Its `advanced` object is the administrators'
// (algorithmConfigSuper). A save is handed to the boxes that run the algorithm's events.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { describeSchemaErrors, type SchemaError } from '../../http/validationMessages.ts';
import { queueBoxCommand } from '../edgeBox/boxStatus.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';

const SCHEMA_DIR = join(import.meta.dirname, '..', '..', '..', 'schemas');
export const SUPER = 'algorithmConfigSuper';

type Params = Record<string, unknown> & { advanced?: Record<string, unknown> };

interface ParamSchema {
  validate: ValidateFunction;
  /** The defaults, filled by the schema. */
  defaults(): Params;
}

const ajv = new Ajv({ strict: false, allErrors: true, useDefaults: true });
const schemas = new Map<string, ParamSchema | null>();

/** The parameter schema of an app, or null when it has none. App names are checked by the contract's pattern. */
export function paramSchema(appName: string): ParamSchema | null {
  if (schemas.has(appName)) return schemas.get(appName) ?? null;
  const file = join(SCHEMA_DIR, `algorithm-${appName}.schema.json`);
  let found: ParamSchema | null = null;
  if (/^[A-Za-z0-9_.-]+$/.test(appName) && existsSync(file)) {
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const validate = ajv.compile(schema);
    found = {
      validate,
      defaults: () => {
        const value: Params = {};
        validate(value);
        return value;
      },
    };
  }
  schemas.set(appName, found);
  return found;
}

function requireSchema(appName: string): ParamSchema {
  const schema = paramSchema(appName);
  if (!schema) throw new ApiError(404, 'catalogue.noParamsSchema', { app: appName });
  return schema;
}

async function saved(db: Kysely<Database>, appName: string) {
  return db.selectFrom('algorithmParams').selectAll().where('appName', '=', appName).executeTakeFirst();
}

/** The stored parameters over the defaults (a key the schema added since keeps its default). */
function current(schema: ParamSchema, stored: Params | undefined): Params {
  const defaults = schema.defaults();
  if (!stored) return defaults;
  return { ...defaults, ...stored, advanced: { ...defaults.advanced, ...stored.advanced } };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const algorithmParamHandlers: HandlerMap = {
  async listAlgorithmParams({ db }: Ctx<'listAlgorithmParams'>) {
    const events = await db.selectFrom('catalogueEvents').select(['appName', 'eventName']).where('appName', '!=', '').orderBy('appName').orderBy('eventId').execute();
    const apps = [...new Set(events.map((e) => e.appName))].filter((app) => paramSchema(app) !== null);
    const rows = apps.length ? await db.selectFrom('algorithmParams').selectAll().where('appName', 'in', apps).execute() : [];
    return apps.map((appName): Schema<'AlgorithmParamsSummary'> => {
      const names = events.filter((e) => e.appName === appName).map((e) => e.eventName);
      const row = rows.find((r) => r.appName === appName);
      return { appName, eventCount: names.length, eventNames: names.slice(0, 50), userName: row?.userName ?? null, updateTime: formatTime(row?.updatedAt) };
    });
  },

  async getAlgorithmParams({ db, query, user }: Ctx<'getAlgorithmParams'>) {
    const schema = requireSchema(query.appName);
    const row = await saved(db, query.appName);
    const params = current(schema, row?.params as Params | undefined);
    const advanced = Boolean(user?.modules.has(SUPER));
    if (!advanced) delete params.advanced;
    return { appName: query.appName, params, advanced, userName: row?.userName ?? null, updateTime: formatTime(row?.updatedAt) };
  },

  async saveAlgorithmParams({ db, body, user, lang }: Ctx<'saveAlgorithmParams'>) {
    const schema = requireSchema(body.appName);
    const isSuper = Boolean(user?.modules.has(SUPER));
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('algorithmParams').selectAll().where('appName', '=', body.appName).forUpdate().executeTakeFirst();
      const before = current(schema, row?.params as Params | undefined);
      const params = structuredClone(body.params) as Params;
      if (!isSuper) {
        // The advanced parameters are the administrators': others may send them back unchanged, or leave them out.
        const changed = Object.keys(params.advanced ?? {}).find((key) => !sameValue(params.advanced?.[key], before.advanced?.[key]));
        if (changed) throw new ApiError(403, 'catalogue.advancedOnly', { field: `params.advanced.${changed}` });
        params.advanced = before.advanced;
      }
      if (!schema.validate(params)) {
        throw new ApiError(400, 'catalogue.invalidParams', { detail: describeSchemaErrors((schema.validate.errors ?? []) as SchemaError[], 'params', lang) });
      }
      const now = new Date();
      const value = JSON.stringify(params);
      await trx
        .insertInto('algorithmParams')
        .values({ appName: body.appName, params: value, userName: user?.username ?? '', updatedAt: now })
        .onConflict((oc) => oc.column('appName').doUpdateSet({ params: value, userName: user?.username ?? '', updatedAt: now }))
        .execute();
      // The boxes that run the algorithm's events get the new parameters with their next heartbeat.
      const boxes = await trx
        .selectFrom('deviceEventConfigs as c')
        .innerJoin('devices as d', 'd.id', 'c.deviceId')
        .select('d.boxId')
        .distinct()
        .where('c.appName', '=', body.appName)
        .where('d.boxId', 'is not', null)
        .execute();
      for (const { boxId } of boxes) await queueBoxCommand(trx, boxId as number, 'algorithmParams', { appName: body.appName, params });
    });
    return null;
  },
};
