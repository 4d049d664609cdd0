// Validation and evaluation with a really trained model: images scored and decided against the model's threshold,
// evaluation datasets (labelled uploads) listed, an accuracy evaluation computed on the dataset's own images;
// the refusals with their reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { imageForm } from './support/orchestration.ts';
import { addAlgorithm, samples, upload, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let modelId: number;
let threshold: number;

async function evalUpload(files: { name: string; bytes: Buffer }[], fields: Record<string, string>) {
  const form = imageForm(files, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/evaluate/upload',
    headers: { token, 'content-type': form.contentType, 'accept-language': 'en' },
    payload: form.payload,
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  const id = await addAlgorithm(server, '评估-红块');
  const files = await samples(16, { positive: (i) => i % 2 === 0, seed: 7000 });
  await upload(server.app, token, files.filter((f) => f.positive), { algorithmId: String(id), label: 'positive' });
  await upload(server.app, token, files.filter((f) => !f.positive), { algorithmId: String(id), label: 'negative' });
  const started = await call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId: id } });
  const task = await waitForTraining(server.app, token, started.json.data.taskId);
  modelId = task.modelId;
  threshold = task.report.threshold;
});
afterAll(async () => server?.close());

describe('uploadEvalImages and evaluation', () => {
  it('scores validation images against the model threshold, builds a labelled dataset, evaluates it', async () => {
    const fresh = await samples(8, { positive: (i) => i < 4, seed: 8000 });
    const pos = await evalUpload(fresh.slice(0, 4), { datasetName: 'red-square-check', label: 'positive', modelId: String(modelId) });
    expect(pos.code).toBe(0);
    expect(pos.data.threshold).toBeCloseTo(threshold, 5);
    for (const f of pos.data.files) {
      expect(f.score).toBeGreaterThanOrEqual(0);
      expect(f.triggered).toBe(f.score >= pos.data.threshold);
      // Private: a signed URL, never the public /files/evaluation/… name.
      expect(f.url).toMatch(new RegExp(`^/files/private/evaluation/${pos.data.datasetId}/[^?]+\\?exp=\\d+&sig=[\\w-]{43}$`));
    }
    // The model sees the square in most of the new positive images.
    expect(pos.data.files.filter((f: { triggered: boolean }) => f.triggered).length).toBeGreaterThanOrEqual(3);
    const neg = await evalUpload(fresh.slice(4), { datasetId: String(pos.data.datasetId), label: 'negative' });
    expect(neg.data).toMatchObject({ datasetId: pos.data.datasetId, threshold: null });
    expect(neg.data.files[0]).toMatchObject({ score: null, triggered: null });
    const list = await call(server.app, 'POST', '/evaluate/datasets', { token, body: { name: 'red-square' } });
    expect(list.json.data.list).toEqual([expect.objectContaining({ id: pos.data.datasetId, name: 'red-square-check', imageCount: 8, labels: ['negative', 'positive'], source: 'upload' })]);

    const started = await call(server.app, 'POST', '/evaluate/eval', { token, body: { modelId, datasetId: pos.data.datasetId, evalType: 1 } });
    expect(started.json.code).toBe(0);
    let task: any;
    await expect
      .poll(
        async () => {
          task = (await call(server.app, 'GET', `/evaluate/task_progress/${started.json.data.taskId}`, { token })).json.data;
          return task.state;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(2);
    const m = task.metrics;
    expect(m).toMatchObject({ support: 8, mAP: null });
    const pc = m.perClass.find((c: { label: string }) => c.label === 'positive');
    const nc = m.perClass.find((c: { label: string }) => c.label === 'negative');
    expect(pc.support + nc.support).toBe(8);
    // Accuracy = correctly decided / total = (recall⁺·4 + recall⁻·4) / 8.
    expect(m.accuracy).toBeCloseTo((pc.recall * 4 + nc.recall * 4) / 8, 10);
    expect(m.accuracy).toBeGreaterThanOrEqual(0.75);
    expect(m.precision).toBeCloseTo((pc.precision + nc.precision) / 2, 10);
  });

  it('keeps images without a dataset as verification images', async () => {
    const [one] = await samples(1, { positive: () => true, seed: 9000 });
    const res = await evalUpload([one as { name: string; bytes: Buffer }], {});
    // Private: by a signed URL, which opens it (and which POST /verifyBigSdk/predict takes).
    expect(res.data).toMatchObject({ datasetId: null, threshold: null, files: [expect.objectContaining({ url: expect.stringMatching(/^\/files\/private\/verify\/[^?]+\?exp=\d+&sig=/) })] });
    expect((await server.app.inject({ method: 'GET', url: res.data.files[0].url })).statusCode).toBe(200);
  });

  it('refuses what it cannot do, with the reason', async () => {
    const [one] = await samples(1, { positive: () => true, seed: 9100 });
    const img = one as { name: string; bytes: Buffer };
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `v${i}.png`, bytes: img.bytes }));
    expect(await evalUpload(eleven, {})).toMatchObject({ code: 400, msg: 'At most 10 images per upload' });
    expect((await evalUpload([img], { datasetId: '1', datasetName: 'x' })).code).toBe(400);
    expect((await evalUpload([{ name: 'a.jpg', bytes: Buffer.from('text'.repeat(100)) }], {})).code).toBe(415);
    expect((await evalUpload([img], { modelId: '999999' })).code).toBe(404);
    const unlabelled = await evalUpload([img], { datasetName: 'unlabelled' });
    const start = (body: Record<string, unknown>) => call(server.app, 'POST', '/evaluate/eval', { token, body, lang: 'en' });
    expect((await start({ modelId, datasetId: unlabelled.data.datasetId, evalType: 1 })).json).toMatchObject({ code: 409, msg: expect.stringMatching(/not labelled/) });
    expect((await start({ modelId, datasetId: unlabelled.data.datasetId, evalType: 2 })).json).toMatchObject({ code: 409, msg: expect.stringMatching(/classifiers/) });
    expect((await start({ modelId: 999_999, datasetId: unlabelled.data.datasetId, evalType: 1 })).json.code).toBe(404);
    expect((await call(server.app, 'GET', '/evaluate/task_progress/999999', { token })).json.code).toBe(404);
  });
});
