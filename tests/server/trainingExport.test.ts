// Portable exports of a training (issue 36): a trained version as one ONNX graph (extractor, standardisation,
// linear head, sigmoid) that onnxruntime runs to the platform's own scores within 1e-4 on the same preprocessed
// input; and the algorithm's classified images as zips in the upload layout, cut into parts the upload takes, that
// re-import through the upload operation to the same counts and the same bytes.
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkInput } from '../../server/ml/features/preprocess.ts';
import { call, login } from './support/client.ts';
import { imageForm } from './support/orchestration.ts';
import { addAlgorithm, samples, upload, uploadZip, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let versionId: number;
let modelId: number;
let threshold: number;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const id = await addAlgorithm(server, '导出-红块');
  const files = await samples(16, { positive: (i) => i % 2 === 0, seed: 12_000 });
  await upload(server.app, token, files.filter((f) => f.positive), { algorithmId: String(id), label: 'positive' });
  await upload(server.app, token, files.filter((f) => !f.positive), { algorithmId: String(id), label: 'negative' });
  // Copies do not matter to the export: none, to keep the test short.
  const started = await call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId: id, augmentation: { copies: 0 } } });
  const task = await waitForTraining(server.app, token, started.json.data.taskId);
  modelId = task.modelId;
  const versions = await call(server.app, 'POST', '/warehouse/train/versions', { token, body: { algorithmId: id } });
  versionId = versions.json.data.list[0].id;
  // The threshold the platform decides with (the version's).
  threshold = versions.json.data.list[0].threshold;
}, 180_000);
afterAll(async () => server?.close());

async function download(url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: { token, 'accept-language': 'en' } });
  return res;
}

describe('exportTrainVersionOnnx', () => {
  it('is one graph, image in, probability out, that reproduces the platform’s scores to 1e-4', async () => {
    const res = await download(`/api/warehouse/train/version/onnx/${versionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('导出-红块-train-1-onnx.zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['README.md', 'model.onnx']);
    const readme = await zip.file('README.md')!.async('string');
    expect(readme).toContain(`Decision threshold: ${threshold}`);
    expect(readme).toMatch(/float32 `\[N, 3, 224, 224\]`/);
    const session = await ort.InferenceSession.create(await zip.file('model.onnx')!.async('uint8array'));
    expect(session.inputNames).toEqual(['image']);
    expect(session.outputNames).toEqual(['probability']);
    // Fresh images, PNG and JPEG, scored by the platform (image validation) and by the exported graph.
    const fresh = [...(await samples(3, { positive: (i) => i !== 1, seed: 13_000 })), ...(await samples(3, { positive: (i) => i === 1, seed: 13_100, format: 'jpeg' }))];
    const form = imageForm(fresh.map((f) => ({ name: f.name, bytes: f.bytes, type: f.name.endsWith('png') ? 'image/png' : 'image/jpeg' })), { modelId: String(modelId) });
    const scored = JSON.parse((await server.app.inject({ method: 'POST', url: '/api/evaluate/upload', headers: { token, 'content-type': form.contentType }, payload: form.payload })).body);
    expect(scored.code).toBe(0);
    const platform: number[] = scored.data.files.map((f: { score: number }) => f.score);
    // The same preprocessing the platform runs (the resize to 224×224 is outside the graph), as planar 0–255.
    const plane = 224 * 224;
    const batch = new Float32Array(fresh.length * 3 * plane);
    for (const [n, f] of fresh.entries()) {
      const rgb = await networkInput(f.bytes);
      for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) batch[n * 3 * plane + c * plane + i] = rgb[i * 3 + c] as number;
    }
    const out = await session.run({ image: new ort.Tensor('float32', batch, [fresh.length, 3, 224, 224]) });
    const exported = Array.from(out.probability!.data as Float32Array);
    expect(out.probability!.dims).toEqual([fresh.length, 1]);
    for (const [i, p] of platform.entries()) expect(Math.abs((exported[i] as number) - p)).toBeLessThan(1e-4);
    // Not a constant: the scores spread over both sides of the threshold.
    expect(Math.max(...exported) - Math.min(...exported)).toBeGreaterThan(0.2);
    await session.release();
    expect((await download('/api/warehouse/train/version/onnx/999999')).json()).toMatchObject({ code: 404 });
  }, 120_000);
});

describe('the dataset export', () => {
  it('exports the classified images in the upload layout; the zip re-imports to the same counts and bytes', async () => {
    const id = await addAlgorithm(server, 'export-roundtrip');
    const files = await samples(10, { positive: (i) => i < 6, seed: 14_000, format: 'png' });
    await upload(server.app, token, files.slice(0, 6), { algorithmId: String(id), label: 'positive' });
    await upload(server.app, token, files.slice(6, 9), { algorithmId: String(id), label: 'negative' });
    // Unclassified images are not part of the dataset.
    await upload(server.app, token, files.slice(9), { algorithmId: String(id) });
    const plan = await call(server.app, 'POST', '/warehouse/samples/export/plan', { token, body: { algorithmId: id } });
    expect(plan.json.data).toEqual({ algorithmId: id, positive: 6, negative: 3, parts: [{ part: 1, positive: 6, negative: 3, bytes: expect.any(Number), fileName: 'export-roundtrip.zip' }] });
    const res = await download(`/api/warehouse/samples/export/${id}`);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !n.endsWith('/')).sort();
    expect(names).toEqual([...files.slice(0, 6).map((f) => `export-roundtrip/positive/${f.name}`), ...files.slice(6, 9).map((f) => `export-roundtrip/negative/${f.name}`)].sort());
    const target = await addAlgorithm(server, 'export-target');
    const back = await uploadZip(server.app, token, 'export-roundtrip.zip', res.rawPayload, target);
    expect(back).toMatchObject({ code: 0, data: { uploaded: 9, counts: { total: 9, positive: 6, negative: 3, unclassified: 0 } } });
    // The same images, byte for byte, under the same classes.
    const rows = async (algorithm: number) =>
      (await server.database.db.selectFrom('trainSamples').select(['sha256', 'label']).where('algorithmId', '=', algorithm).where('label', '!=', 'unclassified').execute()).map((r) => `${r.label}:${r.sha256}`).sort();
    expect(await rows(target)).toEqual(await rows(id));
    expect((await rows(id)).map((r) => r.split(':')[1])).toEqual(expect.arrayContaining(files.slice(0, 9).map((f) => sha(f.bytes))));
  }, 120_000);

  it('cuts a dataset larger than one upload into parts the upload takes; an unknown part is 404', async () => {
    const id = await addAlgorithm(server, 'export/parts');
    const files = await samples(104, { positive: (i) => i % 2 === 0, seed: 15_000 });
    // Two names alike in one class: the second gets its sample id.
    files[2] = { ...files[2]!, name: files[0]!.name };
    for (let i = 0; i < files.length; i += 52) {
      const batch = files.slice(i, i + 52);
      expect((await upload(server.app, token, batch.filter((f) => f.positive), { algorithmId: String(id), label: 'positive' })).code).toBe(0);
      expect((await upload(server.app, token, batch.filter((f) => !f.positive), { algorithmId: String(id), label: 'negative' })).code).toBe(0);
    }
    const plan = (await call(server.app, 'POST', '/warehouse/samples/export/plan', { token, body: { algorithmId: id } })).json.data;
    // The name loses its separator; each part re-imports on its own (at most 100 images an upload).
    expect(plan.parts.map((p: { part: number; fileName: string }) => [p.part, p.fileName])).toEqual([
      [1, 'export_parts-part1.zip'],
      [2, 'export_parts-part2.zip'],
    ]);
    expect(plan.parts[0].positive + plan.parts[0].negative).toBe(100);
    expect(plan.parts[1].positive + plan.parts[1].negative).toBe(4);
    const target = await addAlgorithm(server, 'export-parts-target');
    for (const part of plan.parts) {
      const res = await download(`/api/warehouse/samples/export/${id}?part=${part.part}`);
      expect(res.statusCode).toBe(200);
      expect((await uploadZip(server.app, token, part.fileName, res.rawPayload, target)).code).toBe(0);
    }
    const counts = (await call(server.app, 'POST', '/warehouse/samples/list', { token, body: { algorithmId: target, pageSize: 1 } })).json.data.counts;
    expect(counts).toEqual({ total: 104, positive: 52, negative: 52, unclassified: 0 });
    const missing = await download(`/api/warehouse/samples/export/${id}?part=3`);
    expect(missing.json()).toMatchObject({ code: 404, msg: expect.stringContaining('no part 3 (it has 2') });
  }, 180_000);
});
