// Issue 34 point 5: publishing files the version under the model type with code `orchestration`. Deleting or
// renaming that type made every publish a 500 (NoResultError). Now the type cannot be deleted or have its code
// changed through the API; a site that lost it anyway has it recreated by the next publish (the mall keeps
// working), and when that is impossible (its name taken) the publish is a 409 saying what is missing, with
// nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { addDraft } from './support/orchestration.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const api = (method: string, path: string, body?: unknown) => call(server.app, method, path, { token, body, lang: 'en' });
const orchestrationType = () => db().selectFrom('modelTypes').selectAll().where('typeCode', '=', 'orchestration').executeTakeFirst();

/** A draft that needs no image validation (customEventType 3), ready to publish. */
const draft = (name: string) => addDraft(server.app, token, { name, customEventType: 3, param: JSON.stringify({ identifyObj: { checked: true, prompt: ['paper box'], box_threshold: 0.5 } }) });

/** Moves the type's models to another type and deletes it, as a site that lost it before the rule would be. */
async function loseOrchestrationType() {
  const type = await orchestrationType();
  const other = await db().selectFrom('modelTypes').select('id').where('typeCode', '=', 'llm').executeTakeFirstOrThrow();
  await db().updateTable('models').set({ modelTypeId: other.id }).where('modelTypeId', '=', type!.id).execute();
  await db().deleteFrom('modelTypes').where('id', '=', type!.id).execute();
}

describe('the orchestration model type', () => {
  it('cannot be deleted or have its code changed; its name, sort and remark can change', async () => {
    const type = (await orchestrationType())!;
    const deleted = await api('DELETE', '/modelType/delete', { ids: [type.id] });
    expect(deleted.json).toMatchObject({ code: 409, msg: expect.stringContaining('cannot be deleted or have its code changed') });
    const recoded = await api('PUT', '/modelType/update', { id: type.id, typeCode: 'orchestrated' });
    expect(recoded.json).toMatchObject({ code: 409, msg: expect.stringContaining('code orchestration') });
    expect((await api('PUT', '/modelType/update', { id: type.id, typeName: 'Orchestrated', remark: 'renamed' })).json.code).toBe(0);
    expect(await orchestrationType()).toMatchObject({ id: type.id, typeName: 'Orchestrated', typeCode: 'orchestration' });
    await api('PUT', '/modelType/update', { id: type.id, typeName: type.typeName, remark: type.remark });
  });

  it('is recreated by a publish on a site that lost it, and the mall lists the published version', async () => {
    await loseOrchestrationType();
    expect(await orchestrationType()).toBeUndefined();
    const id = await draft('纸箱-类型重建');
    const published = await api('PUT', '/custom/publish', { id, typeId: 2 });
    expect(published.json).toMatchObject({ code: 0, data: { version: '1.0.0' } });
    expect(await orchestrationType()).toMatchObject({ typeName: '算法编排', typeCode: 'orchestration', sort: 40 });
    const mall = (await api('POST', '/algorithmMall/list', { keyword: '纸箱-类型重建' })).json.data;
    expect(mall.list).toEqual([expect.objectContaining({ source: 'orchestration', version: '1.0.0', modelTypeName: 'Algorithm orchestration' })]);
  });

  it('answers 409 naming the missing type when its name is taken by another type, and writes nothing', async () => {
    // The type's code changed in the database (the rule above stops this through the API): the name stays taken.
    await db().updateTable('modelTypes').set({ typeCode: 'orch_renamed' }).where('typeCode', '=', 'orchestration').execute();
    const id = await draft('纸箱-类型缺失');
    const versions = async () => (await db().selectFrom('setupEventVersions').select('id').where('setupEventId', '=', id).execute()).length;
    const res = await api('PUT', '/custom/publish', { id, typeId: 2 });
    expect(res.json).toMatchObject({ code: 409, msg: expect.stringContaining('model type with code orchestration') });
    expect(res.json.msg).toContain('算法编排');
    expect(await versions()).toBe(0);
    expect(await db().selectFrom('setupEvents').select(['sataus', 'publishedVersion']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ sataus: 0, publishedVersion: null });
    expect(await db().selectFrom('models').select('id').where('name', '=', '纸箱-类型缺失').execute()).toEqual([]);
    // Its code back, the publish goes through.
    await db().updateTable('modelTypes').set({ typeCode: 'orchestration' }).where('typeCode', '=', 'orch_renamed').execute();
    expect((await api('PUT', '/custom/publish', { id, typeId: 2 })).json.code).toBe(0);
  });
});
