// config: the system configuration map, the map centre, the page logo, per-user display preferences (CityConfig)
// and the authorisation server address.
import { defaultCityConfig } from '../../db/seed/defaults.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { MessageKey } from '../../http/messages.ts';
import { IMAGE_BOUNDS, safeImageDataUrl } from '../../media/imageSafety.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { alarmSoundAvailable } from './alarmSound.ts';
import { logoKeys, type NamedKey, namedKeys, readSystemConfig, serializeValue, storedConfig, writeConfig } from './systemConfig.ts';

/** Allowed values per display preference, and the rule the 400 message states. */
const cityConfigRules: Record<string, { allowed: RegExp; rule: MessageKey }> = {
  alarmDialogPosition: { allowed: /^[1-4]$/, rule: 'config.rule.corner' },
  alarmAudio: { allowed: /^[01]$/, rule: 'config.rule.zeroOrOne' },
  noMoreShow: { allowed: /^[01]$/, rule: 'config.rule.zeroOrOne' },
};

const AUTH_SERVER_KEY = 'authServerUrl';
/** The module that may change the system configuration (updateSystemConfig's x-permission). */
const CONFIG_MODULE = 'logoConfig';

export const configHandlers: HandlerMap = {
  async getSystemConfig({ db, user, services }: Ctx<'getSystemConfig'>) {
    const config = { ...(await readSystemConfig(db)) };
    config.audioAvailable = alarmSoundAvailable(config.audioUrl, services.config);
    // Every signed-in user needs the display keys; the installation's other keys (service addresses, tokens such
    // as labelStudioToken) go only to those who may change the configuration.
    if (user!.modules.has(CONFIG_MODULE)) return config;
    return Object.fromEntries(Object.entries(config).filter(([key]) => key in namedKeys || key === 'audioAvailable')) as typeof config;
  },

  async updateSystemConfig({ db, body }: Ctx<'updateSystemConfig'>) {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      // Only the contract's named keys are stored; the validator has already dropped or refused the others.
      if (key in namedKeys) values[key] = serializeValue(namedKeys[key as NamedKey], value);
    }
    if (Object.keys(values).length === 0) throw new ApiError(400, 'config.empty');
    await db.transaction().execute((trx) => writeConfig(trx, values));
    return null;
  },

  async getMapConfig({ db }: Ctx<'getMapConfig'>) {
    const config = await readSystemConfig(db);
    return { latitude: config.mapLatitude, longitude: config.mapLongitude, zoom: config.mapZoom };
  },

  async saveTitle({ db, body }: Ctx<'saveTitle'>) {
    // The logo is served publicly: only re-encoded pixels are stored, never the bytes as sent.
    const safe = async (dataUrl: string | undefined, field: string) =>
      dataUrl ? (await safeImageDataUrl(dataUrl, IMAGE_BOUNDS.logo, { field })).dataUrl : '';
    const logoImageBig = await safe(body.imageBig, 'imageBig');
    const logoImageLittle = await safe(body.imageLittle, 'imageLittle');
    // Images left out are cleared: the logo is replaced as a whole.
    await db.transaction().execute((trx) =>
      writeConfig(trx, { logoDesc: body.desc ?? '', logoType: body.type, logoImageBig, logoImageLittle }),
    );
    return null;
  },

  async getTitle({ db }: Ctx<'getTitle'>) {
    const stored = await storedConfig(db, { only: [...logoKeys, 'systemName'] });
    return {
      desc: stored.logoDesc ?? '',
      type: stored.logoType === 'image' ? 'image' : 'text',
      imageBig: stored.logoImageBig ?? '',
      imageLittle: stored.logoImageLittle ?? '',
      systemName: stored.systemName ?? '',
    };
  },

  async getCityConfig({ db, query, user }: Ctx<'getCityConfig'>) {
    const row = await db
      .selectFrom('cityConfig')
      .select('value')
      .where('userId', '=', user!.id)
      .where('key', '=', query.key)
      .executeTakeFirst();
    return { key: query.key, value: row?.value ?? defaultCityConfig[query.key] ?? '' };
  },

  async updateCityConfig({ db, body, user }: Ctx<'updateCityConfig'>) {
    const check = cityConfigRules[body.key];
    if (check && !check.allowed.test(body.value)) throw new ApiError(400, 'config.badPreference', { key: body.key, rule: check.rule });
    const updatedAt = new Date();
    await db
      .insertInto('cityConfig')
      .values({ userId: user!.id, key: body.key, value: body.value, updatedAt })
      .onConflict((oc) => oc.columns(['userId', 'key']).doUpdateSet({ value: body.value, updatedAt }))
      .execute();
    return null;
  },

  async getAuthServer({ db }: Ctx<'getAuthServer'>) {
    const row = await db.selectFrom('siteSettings').select(['value', 'updatedAt']).where('key', '=', AUTH_SERVER_KEY).executeTakeFirst();
    return { url: row?.value ?? '', updateTime: formatTime(row?.updatedAt) };
  },

  async saveAuthServer({ db, body }: Ctx<'saveAuthServer'>) {
    const updatedAt = new Date();
    await db
      .insertInto('siteSettings')
      .values({ key: AUTH_SERVER_KEY, value: body.url, updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: body.url, updatedAt }))
      .execute();
    return null;
  },
};
