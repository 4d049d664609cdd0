// Model versions: "ready to retrain" counts the classified images the newest version did not see; publish and
// withdraw are single conditional updates (a second publish, or two at once, answer 409 named); a version exported
// as a package and imported into another algorithm scores images exactly as the original; hostile or foreign
// packages are refused with named reasons and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, OPERATOR } from './support/client.ts';
import { imageForm } from './support/orchestration.ts';
import { addAlgorithm, makeZip, samples, upload, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let algorithmId: number;
let versionId: number;
let modelId: number;

async function multipartPost(url: string, fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string } | null) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await server.app.inject({ method: 'POST', url, headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' }, payload: Buffer.concat(parts) });
  return { status: res.statusCode, json: JSON.parse(res.body) as { code: number; msg: string; data: any } };
}

const importPackage = (bytes: Buffer, target: number) => multipartPost('/api/warehouse/train/version/import', { algorithmId: String(target) }, { name: 'package.zip', bytes, type: 'application/zip' });

async function exportPackage(id: number) {
  const res = await server.app.inject({ method: 'GET', url: `/api/warehouse/train/version/export/${id}`, headers: { token } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/zip');
  return res.rawPayload;
}

async function scores(model: number, files: { name: string; bytes: Buffer }[]) {
  const form = imageForm(files, { modelId: String(model) });
  const res = await server.app.inject({ method: 'POST', url: '/api/evaluate/upload', headers: { token, 'content-type': form.contentType }, payload: form.payload });
  const json = JSON.parse(res.body);
  expect(json.code).toBe(0);
  return json.data.files.map((f: { score: number }) => f.score) as number[];
}

const versions = (id: number) => call(server.app, 'POST', '/warehouse/train/versions', { token, body: { algorithmId: id }, lang: 'en' });

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  algorithmId = await addAlgorithm(server, '版本-红块');
  const files = await samples(16, { positive: (i) => i % 2 === 0, seed: 4200 });
  await upload(server.app, token, files.filter((f) => f.positive), { algorithmId: String(algorithmId), label: 'positive' });
  await upload(server.app, token, files.filter((f) => !f.positive), { algorithmId: String(algorithmId), label: 'negative' });
  const started = await call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId, epochs: 30 } });
  const task = await waitForTraining(server.app, token, started.json.data.taskId);
  expect(task.state).toBe(2);
  modelId = task.modelId;
  const list = await versions(algorithmId);
  versionId = list.json.data.list[0].id;
});
afterAll(async () => server?.close());

describe('versions, ready to retrain, publish and withdraw', () => {
  it('lists the version with its figures, and counts new and relabelled images since it', async () => {
    const list = await versions(algorithmId);
    expect(list.json.data).toMatchObject({ algorithmId, newSamples: 0, latestVersion: 'train-1' });
    expect(list.json.data.list).toEqual([
      expect.objectContaining({ id: versionId, version: 'train-1', source: 'train', modelId, positiveCount: 8, negativeCount: 8, published: false, publishedAt: null, algorithmName: '版本-红块' }),
    ]);
    const detail = await call(server.app, 'GET', `/warehouse/train/version/${versionId}`, { token });
    expect(detail.json.data.report.scores).toHaveLength(16);
    expect(detail.json.data.accuracy).toBeCloseTo(detail.json.data.report.accuracy, 6);
    // Two new images (classified) and one moved to the other class: three the version did not see that way.
    const more = await samples(2, { positive: () => true, seed: 4300 });
    await upload(server.app, token, more, { algorithmId: String(algorithmId), label: 'positive' });
    const one = await server.database.db.selectFrom('trainSamples').select('id').where('algorithmId', '=', algorithmId).where('label', '=', 'negative').executeTakeFirstOrThrow();
    await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [one.id], label: 'positive' } });
    expect((await versions(algorithmId)).json.data.newSamples).toBe(3);
    await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [one.id], label: 'negative' } });
    expect((await versions(algorithmId)).json.data.newSamples).toBe(2);
    expect((await call(server.app, 'POST', '/warehouse/train/versions', { token, body: { algorithmId: 999_999 } })).json.code).toBe(404);
  });

  it('publishes once: two publishes at once give one success and one 409 naming the version; withdraw likewise', async () => {
    const publish = () => call(server.app, 'PUT', `/warehouse/train/version/publish/${versionId}`, { token, lang: 'en' });
    const [a, b] = await Promise.all([publish(), publish()]);
    const codes = [a.json.code, b.json.code].sort();
    expect(codes).toEqual([0, 409]);
    const refused = a.json.code === 409 ? a : b;
    expect(refused.json.msg).toContain('版本-红块 train-1');
    expect(refused.json.msg).toContain('already published');
    const ok = a.json.code === 0 ? a : b;
    expect(ok.json.data).toMatchObject({ published: true, publishedBy: 'admin' });
    expect(ok.json.data.publishedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const warehouse = await call(server.app, 'POST', '/custom/warehouse/list', { token, body: { name: '版本-红块' } });
    expect(warehouse.json.data.list[0]).toMatchObject({ versionCount: 1, publishedTrainVersion: 'train-1' });

    const withdraw = () => call(server.app, 'PUT', `/warehouse/train/version/withdraw/${versionId}`, { token, lang: 'en' });
    expect((await withdraw()).json.data).toMatchObject({ published: false, publishedAt: null, publishedBy: null });
    const again = await withdraw();
    expect(again.json.code).toBe(409);
    expect(again.json.msg).toContain('not published');
    expect((await call(server.app, 'PUT', '/warehouse/train/version/publish/999999', { token })).json.code).toBe(404);
    // The operator role holds none of the training modules.
    const operator = await login(server.app, OPERATOR);
    expect((await call(server.app, 'PUT', `/warehouse/train/version/publish/${versionId}`, { token: operator })).json.code).toBe(403);
  });

  it("saves the report's threshold with an unpublished version: validation, the package and the version read it; a published one keeps its own", async () => {
    const set = (body: unknown, as = token) => call(server.app, 'PUT', '/warehouse/train/version/threshold', { token: as, body, lang: 'en' });
    const saved = await set({ id: versionId, threshold: 0.9 });
    expect(saved.json.code).toBe(0);
    expect(saved.json.data).toMatchObject({ id: versionId, threshold: 0.9 });
    // Image validation decides against the saved threshold.
    const files = await samples(4, { positive: (i) => i % 2 === 0, seed: 4300 });
    const form = imageForm(files, { modelId: String(modelId) });
    const res = await server.app.inject({ method: 'POST', url: '/api/evaluate/upload', headers: { token, 'content-type': form.contentType }, payload: form.payload });
    const answer = JSON.parse(res.body).data as { threshold: number; files: { score: number; triggered: boolean }[] };
    expect(answer.threshold).toBe(0.9);
    for (const f of answer.files) expect(f.triggered).toBe(f.score >= 0.9);
    // The exported package's classifier carries it too: imported elsewhere, the version has 0.9.
    const target = await addAlgorithm(server, '版本-阈值');
    const imported = await importPackage(await exportPackage(versionId), target);
    expect(imported.json.data).toMatchObject({ algorithmId: target, threshold: 0.9 });

    expect((await set({ id: versionId, threshold: 1.5 })).json.code).toBe(400);
    expect((await set({ id: versionId })).json.code).toBe(400);
    expect((await set({ id: 999999, threshold: 0.5 })).json.code).toBe(404);
    expect((await set({ id: versionId, threshold: 0.5 }, await login(server.app, OPERATOR))).json.code).toBe(403);
    await call(server.app, 'PUT', `/warehouse/train/version/publish/${versionId}`, { token });
    const refused = await set({ id: versionId, threshold: 0.5 });
    expect(refused.json.code).toBe(409);
    expect(refused.json.msg).toContain('its threshold can no longer change');
    expect((await versions(algorithmId)).json.data.list[0]).toMatchObject({ threshold: 0.9, published: true });
    await call(server.app, 'PUT', `/warehouse/train/version/withdraw/${versionId}`, { token });
  });
});

describe('export and import', () => {
  it('round trip: the imported version scores images exactly as the original', async () => {
    const pkg = await exportPackage(versionId);
    const target = await addAlgorithm(server, '版本-导入');
    const imported = await importPackage(pkg, target);
    expect(imported.json.code).toBe(0);
    expect(imported.json.data).toMatchObject({ algorithmId: target, version: 'train-1', source: 'import', taskId: null, positiveCount: 8, negativeCount: 8, published: false });
    const original = await call(server.app, 'GET', `/warehouse/train/version/${versionId}`, { token });
    const copy = await call(server.app, 'GET', `/warehouse/train/version/${imported.json.data.id}`, { token });
    expect(copy.json.data.report).toEqual(original.json.data.report);
    expect(copy.json.data.threshold).toBeCloseTo(original.json.data.threshold, 6);
    const probe = await samples(4, { positive: (i) => i < 2, seed: 4400 });
    const before = await scores(modelId, probe);
    const after = await scores(imported.json.data.modelId, probe);
    expect(after).toHaveLength(4);
    for (const [i, s] of after.entries()) expect(s).toBeCloseTo(before[i] as number, 6);
    // Imported into the same algorithm again, it is that algorithm's next version.
    expect((await importPackage(pkg, target)).json.data.version).toBe('train-2');
  });

  it('refuses foreign, malformed and hostile packages with named reasons, storing nothing', async () => {
    const target = await addAlgorithm(server, '版本-拒绝');
    const JSZip = (await import('jszip')).default;
    const original = await JSZip.loadAsync(await exportPackage(versionId));
    const entry = async (name: string) => JSON.parse(await (original.file(name) as { async(t: 'string'): Promise<string> }).async('string'));
    const manifest = await entry('manifest.json');
    const classifier = await entry('classifier.json');
    const report = await entry('report.json');
    const pack = (m: unknown, c: unknown = classifier, r: unknown = report, extra: Record<string, string> = {}) =>
      makeZip({ 'manifest.json': JSON.stringify(m), 'classifier.json': JSON.stringify(c), 'report.json': JSON.stringify(r), ...extra });

    const foreign = await importPackage(await pack({ ...manifest, extractorHash: 'f'.repeat(64) }), target);
    expect(foreign.json.code).toBe(400);
    expect(foreign.json.msg).toContain('another feature extractor');
    const badFormat = await importPackage(await pack({ ...manifest, formatVersion: 9 }), target);
    expect(badFormat.json.code).toBe(400);
    expect(badFormat.json.msg).toContain('formatVersion 9');
    const noManifest = await importPackage(await makeZip({ 'classifier.json': '{}', 'report.json': '{}' }), target);
    expect(noManifest.json.msg).toContain('manifest.json is missing');
    const shortWeights = await importPackage(await pack(manifest, { ...classifier, weights: classifier.weights.slice(1) }), target);
    expect(shortWeights.json.msg).toContain('weights must be');
    // A classifier of another length, declared consistently, still cannot read this extractor's vectors.
    const otherDim = await importPackage(await pack({ ...manifest, featureDim: 3 }, { ...classifier, mean: [0, 0, 0], std: [1, 1, 1], weights: [1, 1, 1] }), target);
    expect(otherDim.json.msg).toContain("featureDim 3 is not the extractor's 384");
    const badReport = await importPackage(await pack(manifest, classifier, { ...report, accuracy: 'high' }), target);
    expect(badReport.json.msg).toContain('report.json is not a training report');
    const traversal = await importPackage(await pack(manifest, classifier, report, { '../evil.json': '{}' }), target);
    expect(traversal.json.code).toBe(400);
    expect(traversal.json.msg).toMatch(/evil\.json/);
    const notZip = await importPackage(Buffer.from('just text, not a zip at all'), target);
    expect(notZip.json.code).toBe(415);
    const unknown = await importPackage(await exportPackage(versionId), 999_999);
    expect(unknown.json.code).toBe(404);
    const missingId = await multipartPost('/api/warehouse/train/version/import', {}, { name: 'p.zip', bytes: await exportPackage(versionId), type: 'application/zip' });
    expect(missingId.json.code).toBe(400);
    expect(missingId.json.msg).toContain('algorithmId');
    expect((await versions(target)).json.data.list).toEqual([]);
  });
});
