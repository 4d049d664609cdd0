import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainImage } from './support/hostileImages.ts';
import { ADMIN, call, login, OPERATOR } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.app);
  operator = await login(server.app, OPERATOR);
});
afterAll(async () => server?.close());

const getConfig = async (token = admin) => (await call(server.app, 'POST', '/config/selectAllConfigMap', { token })).json;
const updateConfig = (body: unknown, lang: 'zh' | 'en' = 'zh', token = admin) =>
  call(server.app, 'PUT', '/config/updateConfigMap', { token, body, lang });
const storedValue = async (key: string) =>
  (await server.database.db.selectFrom('systemConfig').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe('system configuration', () => {
  it('answers the named keys typed, to any signed-in user, without the logo', async () => {
    const res = await getConfig(operator);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      systemName: '', // issue 37: the console shows the product's own name in the user's language
      contextMenuEnabled: false,
      websocketServer: '',
      websocketPort: null,
      mapLatitude: 22.5464,
      mapLongitude: 114.0593,
      mapZoom: 12,
      titleWordReplacements: {},
      skin: 'normal',
      sceneType: 1,
    });
    expect(Object.keys(res.data).filter((k) => k.startsWith('logo'))).toEqual([]);
  });

  it('falls back to the defaults for keys never stored, and answers other stored keys as strings', async () => {
    await server.database.db.deleteFrom('systemConfig').where('key', 'in', ['mapZoom', 'sceneType']).execute();
    await server.database.db.insertInto('systemConfig').values({ key: 'installerNote', value: 'hello' }).execute();
    const res = await getConfig();
    expect(res.data).toMatchObject({ mapZoom: 12, sceneType: 2, installerNote: 'hello' });
    const signIn = await call(server.app, 'POST', '/user/login', { body: ADMIN });
    expect(signIn.json.sceneType).toBe(2);
  });

  it('merges the sent keys and reads them back typed', async () => {
    const res = await updateConfig({
      contextMenuEnabled: true,
      websocketPort: 9443,
      mapLatitude: 31.2304,
      mapZoom: 15,
      titleWordReplacements: { 告警: '预警', alarm: 'warning' },
      skin: 'custom',
      sceneType: 1,
    });
    expect(res.json.code).toBe(0);
    const data = (await getConfig()).data;
    expect(data).toMatchObject({
      contextMenuEnabled: true,
      websocketPort: 9443,
      mapLatitude: 31.2304,
      mapLongitude: 114.0593,
      mapZoom: 15,
      titleWordReplacements: { 告警: '预警', alarm: 'warning' },
      skin: 'custom',
      sceneType: 1,
      installerNote: 'hello',
    });
    expect(await storedValue('contextMenuEnabled')).toBe('true');
    // A map sent again replaces the whole map; a null port means "the console's own port".
    expect((await updateConfig({ titleWordReplacements: { 事件: '事项' }, websocketPort: null })).json.code).toBe(0);
    expect((await getConfig()).data).toMatchObject({ titleWordReplacements: { 事件: '事项' }, websocketPort: null });
    expect((await call(server.app, 'POST', '/user/login', { body: ADMIN })).json.sceneType).toBe(1);
    // A name an administrator typed, and back to empty: the product's own name again (it was refused before).
    expect((await updateConfig({ systemName: 'City traffic' })).json.code).toBe(0);
    expect((await getConfig()).data.systemName).toBe('City traffic');
    expect((await updateConfig({ systemName: '' })).json.code).toBe(0);
    expect((await getConfig()).data.systemName).toBe('');
  });

  it('refuses empty bodies, unknown keys and out-of-range values, naming the field', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const empty = await updateConfig({}, lang);
      expect(empty.json.code).toBe(400);
      expect(empty.json.msg).toContain('(body)');
      const zoom = await updateConfig({ mapZoom: 21 }, lang);
      expect(zoom.json.code).toBe(400);
      expect(zoom.json.msg).toContain('mapZoom');
      const skin = await updateConfig({ skin: 'dark' }, lang);
      expect(skin.json.code).toBe(400);
      expect(skin.json.msg).toContain('skin');
    }
    const unknown = await updateConfig({ installerNote: 'changed' }, 'en');
    expect(unknown.json.code).toBe(400);
    const tooLong = await updateConfig({ titleWordReplacements: { word: 'x'.repeat(33) } }, 'en');
    expect(tooLong.json.code).toBe(400);
    expect(tooLong.json.msg).toContain('titleWordReplacements');
    expect(await storedValue('installerNote')).toBe('hello');
    expect((await getConfig()).data.mapZoom).toBe(15);
  });

  it('is changed only with logoConfig', async () => {
    const res = await updateConfig({ systemName: 'Hijacked' }, 'zh', operator);
    expect(res.json.code).toBe(403);
    expect((await getConfig()).data.systemName).not.toBe('Hijacked');
  });
});

describe('map configuration', () => {
  it('answers the centre and zoom from the system configuration', async () => {
    const res = await call(server.app, 'GET', '/configure/map', { token: operator });
    expect(res.json).toMatchObject({ code: 0, data: { latitude: 31.2304, longitude: 114.0593, zoom: 15 } });
    expect((await call(server.app, 'GET', '/configure/map')).json.code).toBe(401);
  });
});

describe('page title and logo', () => {
  let png = '';
  let jpeg = '';
  beforeAll(async () => {
    png = `data:image/png;base64,${(await plainImage('png', 64, 32)).toString('base64')}`;
    jpeg = `data:image/jpeg;base64,${(await plainImage('jpeg', 400, 100)).toString('base64')}`;
  });

  it('is public to read and answers the defaults', async () => {
    const res = await call(server.app, 'POST', '/config/getTitle');
    expect(res.json.code).toBe(0);
    expect(res.json.data).toMatchObject({ type: 'text', imageBig: '', imageLittle: '', systemName: expect.any(String) });
  });

  it('saves the logo as a whole: images left out are cleared', async () => {
    const save = await call(server.app, 'POST', '/config/title', { token: admin, body: { desc: '城市大脑', type: 'image', imageBig: jpeg, imageLittle: png } });
    expect(save.json.code, save.json.msg).toBe(0);
    const read = (await call(server.app, 'POST', '/config/getTitle')).json.data;
    expect(read).toMatchObject({ desc: '城市大脑', type: 'image' });
    // Stored re-encoded: the same kind of image, not the bytes as sent.
    expect(read.imageBig).toMatch(/^data:image\/jpeg;base64,/);
    expect(read.imageLittle).toMatch(/^data:image\/png;base64,/);
    expect((await call(server.app, 'POST', '/config/title', { token: admin, body: { type: 'text', desc: '只有文字' } })).json.code).toBe(0);
    expect((await call(server.app, 'POST', '/config/getTitle')).json.data).toMatchObject({ desc: '只有文字', type: 'text', imageBig: '', imageLittle: '' });
  });

  it('refuses bad images and a missing type, and is forbidden to the operator', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const gif = await call(server.app, 'POST', '/config/title', { token: admin, body: { type: 'image', imageBig: 'data:image/gif;base64,AAAA' }, lang });
      expect(gif.json.code).toBe(400);
      expect(gif.json.msg).toContain('imageBig');
      const noType = await call(server.app, 'POST', '/config/title', { token: admin, body: { desc: 'x' }, lang });
      expect(noType.json.code).toBe(400);
      expect(noType.json.msg).toContain('type');
    }
    const forbidden = await call(server.app, 'POST', '/config/title', { token: operator, body: { type: 'text', desc: 'op' } });
    expect(forbidden.json.code).toBe(403);
    expect((await call(server.app, 'POST', '/config/getTitle')).json.data.desc).toBe('只有文字');
  });
});

describe('display preferences (CityConfig)', () => {
  const get = (key: string, token = admin) => call(server.app, 'GET', '/CityConfig/getConfigByKey', { token, query: { key } });
  const set = (body: Record<string, unknown>, token = admin, lang: 'zh' | 'en' = 'zh') =>
    call(server.app, 'PUT', '/CityConfig/updateConfig', { token, body, lang });

  it('answers the defaults when never set', async () => {
    expect((await get('noMoreShow')).json.data).toEqual({ key: 'noMoreShow', value: '0' });
    expect((await get('alarmAudio')).json.data).toEqual({ key: 'alarmAudio', value: '1' });
    expect((await get('alarmDialogPosition')).json.data).toEqual({ key: 'alarmDialogPosition', value: '1' });
  });

  it('stores a value per user', async () => {
    expect((await set({ key: 'alarmDialogPosition', value: '3' })).json.code).toBe(0);
    expect((await set({ key: 'alarmDialogPosition', value: '4' })).json.code).toBe(0);
    expect((await set({ key: 'alarmAudio', value: '0' }, operator)).json.code).toBe(0);
    expect((await get('alarmDialogPosition')).json.data.value).toBe('4');
    expect((await get('alarmDialogPosition', operator)).json.data.value).toBe('1');
    expect((await get('alarmAudio', operator)).json.data.value).toBe('0');
    expect((await get('alarmAudio')).json.data.value).toBe('1');
  });

  it('checks the value per key and the key itself', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const corner = await set({ key: 'alarmDialogPosition', value: '5' }, admin, lang);
      expect(corner.json.code).toBe(400);
      expect(corner.json.msg).toContain('value');
      expect(corner.json.msg).toContain('alarmDialogPosition');
      const flag = await set({ key: 'noMoreShow', value: 'yes' }, admin, lang);
      expect(flag.json.code).toBe(400);
      expect(flag.json.msg).toContain('noMoreShow');
      const key = await set({ key: 'theme', value: '1' }, admin, lang);
      expect(key.json.code).toBe(400);
      expect(key.json.msg).toContain('key');
    }
    const badQuery = await call(server.app, 'GET', '/CityConfig/getConfigByKey', { token: admin, query: { key: 'theme' }, lang: 'en' });
    expect(badQuery.json.code).toBe(400);
    expect(badQuery.json.msg).toContain('query.key');
    expect((await get('alarmDialogPosition')).json.data.value).toBe('4');
    expect((await get('noMoreShow')).json.data.value).toBe('0');
  });
});

describe('authorisation server', () => {
  it('is empty until saved, then answers the address and when it was saved', async () => {
    expect((await call(server.app, 'GET', '/CityConfig/getAuthServer', { token: operator })).json.data).toEqual({ url: '', updateTime: null });
    const save = await call(server.app, 'POST', '/CityConfig/addAuthServer', { token: admin, body: { url: 'https://auth.example.com/api' } });
    expect(save.json.code).toBe(0);
    const read = (await call(server.app, 'GET', '/CityConfig/getAuthServer', { token: admin })).json.data;
    expect(read.url).toBe('https://auth.example.com/api');
    expect(read.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses addresses that are not http(s), and callers without applyAuthorization', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const ftp = await call(server.app, 'POST', '/CityConfig/addAuthServer', { token: admin, body: { url: 'ftp://auth.example.com' }, lang });
      expect(ftp.json.code).toBe(400);
      expect(ftp.json.msg).toContain('url');
    }
    const forbidden = await call(server.app, 'POST', '/CityConfig/addAuthServer', { token: operator, body: { url: 'https://evil.example.com' } });
    expect(forbidden.json.code).toBe(403);
    expect((await call(server.app, 'GET', '/CityConfig/getAuthServer', { token: admin })).json.data.url).toBe('https://auth.example.com/api');
  });
});
