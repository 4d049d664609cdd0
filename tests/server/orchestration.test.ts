// Orchestration: setup event drafts, publishing to the warehouse with versions, the history, exports and access.
// Validation on images (the detector) is in orchestrationValidate.test.ts; here a draft is marked validated in
// the database where a test needs it.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/modules/algorithms/setupEventStore.ts';
import { call, login, OPERATOR } from './support/client.ts';
import { addDraft, getDraft, promptParam } from './support/orchestration.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const api = (method: string, path: string, body?: unknown, lang: 'zh' | 'en' = 'en') => call(server.app, method, path, { token, body, lang });
const count = async (table: 'setupEvents' | 'setupEventVersions' | 'catalogueEvents') =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
async function markValidated(id: number) {
  const row = await db().selectFrom('setupEvents').select('param').where('id', '=', id).executeTakeFirstOrThrow();
  await db().updateTable('setupEvents').set({ validatedParamSha256: sha256(row.param), validatedAt: new Date() }).where('id', '=', id).execute();
}

describe('drafts', () => {
  it('the demo site comes with orchestrations: one published twice, one changed since its publish, one draft', async () => {
    const list = (await api('POST', '/custom/list', { name: '', pageSize: 500 })).json.data.list as Record<string, any>[];
    // Read in English, the seeded names are answered in English (server/db/seed/seedNames.ts).
    const named = (name: string) => list.find((r) => r.name === name);
    expect(named('Phone use detection (orchestrated)')).toMatchObject({ sataus: 1, publishedVersion: '1.0.1' });
    expect(named('Workstation presence detection')).toMatchObject({ sataus: 2, publishedVersion: '1.0.0' });
    expect(named('Exposed rubbish recognition')).toMatchObject({ sataus: 0, eventId: null });
    const history = (await api('POST', '/custom/history/list', { setupEventId: named('Phone use detection (orchestrated)')?.id })).json.data;
    expect(history.list.map((v: { version: string }) => v.version)).toEqual(['1.0.1', '1.0.0']);
  });

  it('adds a draft: sataus 0, no event id, menu type validate by default, the caller as creator', async () => {
    const id = await addDraft(server.app, token, { name: '玩手机检测-草稿', param: promptParam(['phone', 'person']) });
    expect(await getDraft(server.app, token, id)).toMatchObject({
      name: '玩手机检测-草稿',
      eventName: '玩手机检测-草稿',
      sataus: 0,
      eventId: null,
      version: '1.0.0',
      buttonType: 'validate',
      userName: 'admin',
      validated: false,
      validateTime: null,
      publishedVersion: null,
    });
  });

  it('names the bad key of param and writes nothing', async () => {
    const before = await count('setupEvents');
    const bad = async (param: string) => (await api('POST', '/custom/add', { name: `bad-${param.length}`, customEventType: 1, param })).json;
    expect(await bad('{"identifyObj":{"prompt":"person"}}')).toMatchObject({ code: 400, msg: expect.stringContaining('identifyObj.prompt') });
    expect(await bad('{"identifyObj":{"box_threshold":1.5}}')).toMatchObject({ code: 400, msg: expect.stringContaining('identifyObj.box_threshold') });
    expect(await bad('{"rule":{"match":"some"}}')).toMatchObject({ code: 400, msg: expect.stringContaining('rule.match') });
    expect(await bad('not json')).toMatchObject({ code: 400, msg: expect.stringContaining('not valid JSON') });
    expect(await bad('[1,2]')).toMatchObject({ code: 400, msg: expect.stringContaining('JSON object') });
    expect((await api('POST', '/custom/add', { name: 'x'.repeat(33), customEventType: 1 })).json.code).toBe(400);
    expect((await api('POST', '/custom/add', { name: 'ok', customEventType: 4 })).json.code).toBe(400);
    expect(await count('setupEvents')).toBe(before);
  });

  it('refuses a duplicate name, in both languages', async () => {
    await addDraft(server.app, token, { name: '重名检查' });
    const zh = await api('POST', '/custom/add', { name: '重名检查', customEventType: 2 }, 'zh');
    expect(zh.json).toMatchObject({ code: 409, msg: '算法名称“重名检查”已存在' });
    const en = await api('POST', '/custom/add', { name: '重名检查', customEventType: 2 });
    expect(en.json.msg).toBe('Algorithm name "重名检查" already exists');
  });

  it('filters the list by name, menu type, state and creator', async () => {
    await addDraft(server.app, token, { name: 'filter-train', buttonType: 'train' });
    const list = async (body: Record<string, unknown>) => ((await api('POST', '/custom/list', body)).json.data.list as { name: string }[]).map((r) => r.name);
    expect(await list({ name: 'filter-tr' })).toEqual(['filter-train']);
    expect(await list({ buttonType: 'train' })).toEqual(['filter-train']);
    expect(await list({ name: 'filter-tr', sataus: 1 })).toEqual([]);
    // Seeded: published, changed since; found by the stored name's part, answered in the reader's language.
    expect(await list({ name: '工位在岗', sataus: 2 })).toEqual(['Workstation presence detection']);
    expect((await list({ mine: true })).length).toBeGreaterThan(1);
    expect((await api('POST', '/custom/list', { createTimeRange: 4 })).json.code).toBe(400);
  });

  it('answers one draft by id; an unknown id is 404', async () => {
    const id = await addDraft(server.app, token, { name: 'one-draft' });
    expect((await call(server.app, 'GET', '/custom/detail', { token, query: { id } })).json.data).toMatchObject({ id, name: 'one-draft' });
    expect((await call(server.app, 'GET', '/custom/detail', { token, query: { id: 999999 } })).json.code).toBe(404);
    expect((await call(server.app, 'GET', '/custom/detail', { token, query: { id: 0 } })).json.code).toBe(400);
  });

  it('edits only the fields sent; an unknown id is 404', async () => {
    const id = await addDraft(server.app, token, { name: 'partial-edit', desc: 'before', remark: 'kept' });
    expect((await api('PUT', '/custom/update', { id, desc: 'after' })).json.code).toBe(0);
    expect(await getDraft(server.app, token, id)).toMatchObject({ desc: 'after', remark: 'kept', sataus: 0 });
    expect((await api('PUT', '/custom/update', { id: 999999, desc: 'x' })).json.code).toBe(404);
    expect((await api('PUT', '/custom/update', { id, param: '{"identifyObj":{"prompt":[""]}}' })).json.code).toBe(400);
  });
});

describe('publishing', () => {
  it('needs a validation of the current param for orchestrated and prompt events', async () => {
    const id = await addDraft(server.app, token, { name: 'needs-validation', param: promptParam(['person']) });
    const res = await api('PUT', '/custom/publish', { id, typeId: 2 });
    expect(res.json).toMatchObject({ code: 409, msg: expect.stringContaining('has not been validated') });
    expect(await getDraft(server.app, token, id)).toMatchObject({ sataus: 0, eventId: null });
  });

  it('publishes: event id from 2001, a custom catalogue event, a version in the history, the warehouse lists it', async () => {
    const id = await addDraft(server.app, token, { name: '垃圾暴露-编排', param: promptParam(['person', 'plastic bag', 'plant']) });
    await markValidated(id);
    const res = await api('PUT', '/custom/publish', { id, typeId: 2, appName: 'argus-orchestration' });
    expect(res.json.code).toBe(0);
    const { eventId, catalogueEventId, version } = res.json.data;
    expect(eventId).toBeGreaterThanOrEqual(2001);
    expect(version).toBe('1.0.0');
    expect(await db().selectFrom('catalogueEvents').selectAll().where('id', '=', catalogueEventId).executeTakeFirst()).toMatchObject({
      eventId,
      eventName: '垃圾暴露-编排',
      eventType: 'custom',
      appName: 'argus-orchestration',
      typeId: 2,
      version: '1.0.0',
      enabled: true,
    });
    expect(await getDraft(server.app, token, id)).toMatchObject({ sataus: 1, eventId, publishedVersion: '1.0.0', validated: true });
    const warehouse = (await api('POST', '/custom/warehouse/list', { name: '垃圾暴露' })).json.data.list;
    expect(warehouse).toEqual([expect.objectContaining({ id, eventId, version: '1.0.0', source: 'setup', downloads: 0 })]);
    const history = (await api('POST', '/custom/history/list', { setupEventId: id })).json.data;
    expect(history).toMatchObject({ total: 1, list: [{ version: '1.0.0', eventId, current: true, userName: 'admin', typeId: 2 }] });
  });

  it('editing a published algorithm marks it changed; the warehouse keeps the published version until the next publish', async () => {
    const id = await addDraft(server.app, token, { name: 'versions', param: promptParam(['person']) });
    await markValidated(id);
    await api('PUT', '/custom/publish', { id, typeId: 2 });
    await api('PUT', '/custom/update', { id, param: promptParam(['person', 'phone']) });
    expect(await getDraft(server.app, token, id)).toMatchObject({ sataus: 2, validated: false, publishedVersion: '1.0.0' });
    expect((await api('PUT', '/custom/publish', { id, typeId: 2 })).json.code).toBe(409);
    await markValidated(id);
    expect((await api('PUT', '/custom/publish', { id, typeId: 2, version: '0.9' })).json).toMatchObject({
      code: 400,
      msg: 'Version 0.9 must be greater than the published version 1.0.0',
    });
    expect((await api('PUT', '/custom/publish', { id, typeId: 2 })).json.data.version).toBe('1.0.1');
    const history = (await api('POST', '/custom/history/list', { setupEventId: id })).json.data.list;
    expect(history.map((v: { version: string; current: boolean }) => [v.version, v.current])).toEqual([
      ['1.0.1', true],
      ['1.0.0', false],
    ]);
    expect(JSON.parse(history[0].param).identifyObj.prompt).toEqual(['person', 'phone']);
  });

  it('two publishes at once both land, one after the other, with distinct versions', async () => {
    const id = await addDraft(server.app, token, { name: 'concurrent', customEventType: 3 });
    await api('PUT', '/custom/publish', { id, typeId: 2 });
    const [a, b] = await Promise.all([api('PUT', '/custom/publish', { id, typeId: 2 }), api('PUT', '/custom/publish', { id, typeId: 2 })]);
    expect([a.json.code, b.json.code]).toEqual([0, 0]);
    expect(new Set([a.json.data.version, b.json.data.version])).toEqual(new Set(['1.0.1', '1.0.2']));
    expect((await api('POST', '/custom/history/list', { setupEventId: id })).json.data.total).toBe(3);
  });

  it('writes nothing when the event type does not exist', async () => {
    const id = await addDraft(server.app, token, { name: 'bad-type', customEventType: 3 });
    const [events, versions] = [await count('catalogueEvents'), await count('setupEventVersions')];
    expect((await api('PUT', '/custom/publish', { id, typeId: 999 })).json.code).toBe(404);
    expect([await count('catalogueEvents'), await count('setupEventVersions')]).toEqual([events, versions]);
    expect(await getDraft(server.app, token, id)).toMatchObject({ sataus: 0, eventId: null });
  });
});

describe('deleting', () => {
  it('refuses while a scene uses the published event, then deletes the draft with its versions and catalogue event', async () => {
    const id = await addDraft(server.app, token, { name: 'to-delete', customEventType: 3 });
    const { eventId, catalogueEventId } = (await api('PUT', '/custom/publish', { id, typeId: 2 })).json.data;
    const scene = await db().insertInto('scenes').values({ sceneName: 'uses-custom', status: 0 }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('sceneEvents').values({ sceneId: scene.id, eventId }).execute();
    const other = await addDraft(server.app, token, { name: 'deleted-with-it' });
    expect((await api('DELETE', '/custom/delete', { ids: [other, id] })).json).toMatchObject({ code: 409, msg: expect.stringContaining('to-delete') });
    expect(await getDraft(server.app, token, other)).toBeTruthy();
    await db().deleteFrom('sceneEvents').where('sceneId', '=', scene.id).execute();
    expect((await api('DELETE', '/custom/delete', { ids: [other, id] })).json.code).toBe(0);
    expect(await getDraft(server.app, token, id)).toBeUndefined();
    expect(await db().selectFrom('catalogueEvents').select('id').where('id', '=', catalogueEventId).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('setupEventVersions').select('id').where('setupEventId', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('deletes nothing when one id is unknown', async () => {
    const id = await addDraft(server.app, token, { name: 'survives' });
    expect((await api('DELETE', '/custom/delete', { ids: [id, 987654] })).json.code).toBe(404);
    expect(await getDraft(server.app, token, id)).toBeTruthy();
  });
});

describe('exports', () => {
  it('exports a custom event as a zip with its definition, prompt support and versions, and counts a download', async () => {
    const id = await addDraft(server.app, token, { name: 'export-me', param: promptParam(['phone', 'smoke']) });
    await markValidated(id);
    await api('PUT', '/custom/publish', { id, typeId: 2 });
    const res = await call(server.app, 'GET', '/custom/event/export', { token, query: { id } });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('export-me-1.0.0.zip');
    const zip = await JSZip.loadAsync(res.raw);
    const event = JSON.parse((await zip.file('event.json')?.async('string')) ?? '{}');
    expect(event).toMatchObject({ name: 'export-me', sataus: 1, version: '1.0.0', customEventType: 1 });
    const prompts = JSON.parse((await zip.file('prompts.json')?.async('string')) ?? '{}');
    expect(prompts.prompts).toEqual([
      { prompt: 'phone', supported: true, classes: ['cell phone'], via: 'synonym' },
      { prompt: 'smoke', supported: false, reason: 'notAnObject' },
    ]);
    expect(JSON.parse((await zip.file('versions.json')?.async('string')) ?? '[]')).toHaveLength(1);
    const warehouse = (await api('POST', '/custom/warehouse/list', { name: 'export-me' })).json.data.list;
    expect(warehouse[0].downloads).toBe(1);
    expect((await call(server.app, 'GET', '/custom/event/export', { token, query: { id: 999999 } })).json.code).toBe(404);
  });

  it('exports a preset event by its event id with the §9 prompts; a published custom event is no preset', async () => {
    const res = await call(server.app, 'GET', '/custom/event/exportPresetEvent', { token, query: { id: 45 } });
    const zip = await JSZip.loadAsync(res.raw);
    const event = JSON.parse((await zip.file('event.json')?.async('string')) ?? '{}');
    expect(event).toMatchObject({ eventId: 45, eventName: '玩手机检测', preset: true });
    expect(JSON.parse(event.param).identifyObj).toEqual({ checked: true, prompt: ['cell phone', 'person', 'mouse', 'monitor'], box_threshold: 0.7 });
    const prompts = JSON.parse((await zip.file('prompts.json')?.async('string')) ?? '{}');
    expect(prompts.prompts.map((p: { classes?: string[] }) => p.classes)).toEqual([['cell phone'], ['person'], ['mouse'], ['tv']]);
    expect((await call(server.app, 'GET', '/custom/event/exportPresetEvent', { token, query: { id: 9999 } })).json.code).toBe(404);
    const id = await addDraft(server.app, token, { name: 'not-a-preset', customEventType: 3 });
    const { eventId } = (await api('PUT', '/custom/publish', { id, typeId: 2 })).json.data;
    expect((await call(server.app, 'GET', '/custom/event/exportPresetEvent', { token, query: { id: eventId } })).json.code).toBe(404);
  });
});

describe('access', () => {
  it('needs a token, and a role holding the orchestration modules', async () => {
    expect((await call(server.app, 'POST', '/custom/list', { body: {} })).json.code).toBe(401);
    const operator = await login(server.app, OPERATOR);
    for (const [method, path, body] of [
      ['POST', '/custom/list', {}],
      ['POST', '/custom/add', { name: 'operator-draft', customEventType: 1 }],
      ['PUT', '/custom/publish', { id: 1, typeId: 2 }],
      ['POST', '/custom/history/list', {}],
      ['POST', '/custom/warehouse/list', {}],
    ] as const) {
      expect((await call(server.app, method, path, { token: operator, body })).json.code, path).toBe(403);
    }
    expect((await call(server.app, 'GET', '/custom/event/export', { token: operator, query: { id: 1 } })).json.code).toBe(403);
    expect(await db().selectFrom('setupEvents').select('id').where('name', '=', 'operator-draft').executeTakeFirst()).toBeUndefined();
  });
});
