// Validating an orchestrated event on images: the real detector on real photos, prompts mapped to its classes or
// answered as unsupported with the reason, the threshold and rule applied, the draft marked validated, bad input
// named and nothing recorded for it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { addDraft, getDraft, imageForm, promptParam, validate } from './support/orchestration.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { readRealPhoto } from '../support/realPhotos.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const validations = async () =>
  Number((await server.database.db.selectFrom('setupEventValidations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('validateSetupEvent', () => {
  it('finds people for "person", answers "plastic bag" as unsupported, applies threshold and rule, and marks the draft validated', async () => {
    const id = await addDraft(server.app, token, { name: '垃圾暴露-验证', param: promptParam(['person', 'plastic bag', 'plant']) });
    const res = await validate(server.app, token, imageForm([{ name: 'crowd.jpg', bytes: readRealPhoto('crowd') }], { id: String(id) }));
    expect(res.code).toBe(0);
    const data = res.data;
    expect(data.prompts).toEqual([
      { prompt: 'person', supported: true, classes: ['person'], via: 'class', reason: null },
      { prompt: 'plastic bag', supported: false, classes: [], via: null, reason: 'notInVocabulary' },
      { prompt: 'plant', supported: true, classes: ['potted plant'], via: 'synonym', reason: null },
    ]);
    expect(data).toMatchObject({ id, boxThreshold: 0.3, minScore: 0.1, draftValidated: true, detector: { name: 'NanoDet-g', classCount: 80 } });
    const [image] = data.images;
    expect(image).toMatchObject({ index: 0, fileName: 'crowd.jpg', width: 1280, height: 1158, triggered: true });
    const people = image.detections.filter((d: { label: string }) => d.label === 'person');
    expect(people.filter((d: { passed: boolean }) => d.passed).length).toBeGreaterThanOrEqual(15);
    for (const d of image.detections) {
      expect(['person', 'potted plant']).toContain(d.label);
      expect(d.score).toBeGreaterThanOrEqual(0.1);
      expect(d.passed).toBe(d.score >= 0.3);
    }
    expect(await getDraft(server.app, token, id)).toMatchObject({ validated: true, validateTime: expect.any(String) });
    expect((await call(server.app, 'PUT', '/custom/publish', { token, body: { id, typeId: 2 } })).json.code).toBe(0);
  });

  it('tries unsaved prompts and threshold without marking the draft validated; the rule "all" needs every prompt', async () => {
    const param = JSON.stringify({ identifyObj: { checked: true, prompt: ['cell phone'], box_threshold: 0.7 }, rule: { match: 'all', minCount: 1 } });
    const id = await addDraft(server.app, token, { name: '玩手机-试验', param });
    const form = imageForm([{ name: 'office.jpg', bytes: readRealPhoto('office') }], { id: String(id), prompts: '["person","monitor","fire"]', boxThreshold: '0.3' });
    const res = await validate(server.app, token, form);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ boxThreshold: 0.3, draftValidated: false });
    expect(res.data.prompts.map((p: { reason: string | null }) => p.reason)).toEqual([null, null, 'notAnObject']);
    const [image] = res.data.images;
    const labels = new Set(image.detections.filter((d: { passed: boolean }) => d.passed).map((d: { label: string }) => d.label));
    expect(labels).toEqual(new Set(['person', 'tv']));
    expect(image.detections.find((d: { label: string }) => d.label === 'tv').prompts).toEqual(['monitor']);
    expect(image.triggered).toBe(true);
    expect(await getDraft(server.app, token, id)).toMatchObject({ validated: false });
  });

  it('validates up to 10 images in one call, each with its own size and result', async () => {
    const id = await addDraft(server.app, token, { name: 'ten-images', param: promptParam(['person']) });
    const small = await sharp(readRealPhoto('figure')).resize(320).png().toBuffer();
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.png`, bytes: small, type: 'image/png' }));
    const res = await validate(server.app, token, imageForm(files, { id: String(id) }));
    expect(res.code).toBe(0);
    expect(res.data.images.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(res.data.images[9]).toMatchObject({ width: 320, fileName: 'f9.png' });
  });

  it('names bad input and records nothing for it', async () => {
    const id = await addDraft(server.app, token, { name: 'bad-input', param: promptParam(['person']) });
    const empty = await addDraft(server.app, token, { name: 'no-prompts' });
    const photo = { name: 'a.jpg', bytes: readRealPhoto('office') };
    const before = await validations();
    const eleven = Array.from({ length: 11 }, () => photo);
    expect(await validate(server.app, token, imageForm(eleven, { id: String(id) }))).toMatchObject({ code: 400, msg: 'At most 10 images can be validated at a time' });
    expect(await validate(server.app, token, imageForm([], { id: String(id) }))).toMatchObject({ code: 400 });
    expect(await validate(server.app, token, imageForm([photo], { id: 'x' }))).toMatchObject({ code: 400, msg: 'id must be a positive integer' });
    expect(await validate(server.app, token, imageForm([photo], { id: '999999' }))).toMatchObject({ code: 404 });
    expect(await validate(server.app, token, imageForm([photo], { id: String(id), prompts: '{"a":1}' }))).toMatchObject({ code: 400 });
    expect(await validate(server.app, token, imageForm([photo], { id: String(id), prompts: JSON.stringify(['x'.repeat(33)]) }))).toMatchObject({ code: 400 });
    expect(await validate(server.app, token, imageForm([photo], { id: String(id), boxThreshold: '1.5' }))).toMatchObject({ code: 400 });
    expect(await validate(server.app, token, imageForm([photo], { id: String(empty) }))).toMatchObject({ code: 400, msg: expect.stringContaining('no recognition prompts') });
    const text = { name: 'note.jpg', bytes: Buffer.from('not an image at all'), type: 'image/jpeg' };
    expect(await validate(server.app, token, imageForm([text], { id: String(id) }))).toMatchObject({ code: 415 });
    const truncated = { name: 'cut.jpg', bytes: readRealPhoto('office').subarray(0, 2000) };
    expect(await validate(server.app, token, imageForm([truncated], { id: String(id) }), 'zh')).toMatchObject({ code: 415, msg: '图片 cut.jpg 无法解码或尺寸过大' });
    expect(await validations()).toBe(before);
    expect(await getDraft(server.app, token, id)).toMatchObject({ validated: false });
  });

  it('is refused to a role without the orchestration modules', async () => {
    const id = await addDraft(server.app, token, { name: 'operator-cannot', param: promptParam(['person']) });
    const operator = await login(server.app, OPERATOR);
    expect(await validate(server.app, operator, imageForm([{ name: 'a.jpg', bytes: readRealPhoto('office') }], { id: String(id) }))).toMatchObject({ code: 403 });
  });
});
