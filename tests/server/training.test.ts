// Training for real: upload → classify → train → progress reaches done → the cross-validated report is
// consistent; a learnable set (red square or not) is learnt well above chance, the same images with shuffled labels
// are not; the §5 start rules; cancel; a job left running by a dead instance is resumed, or failed visibly.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { seededRandom } from '../../server/ml/seededRandom.ts';
import { addAlgorithm, samples, upload, waitForTraining } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

/** 16 images, alternately with and without the red square; `labelOf` decides the labels they are given. */
async function dataset(name: string, seed: number, labelOf: (i: number, drawnPositive: boolean) => 'positive' | 'negative') {
  const id = await addAlgorithm(server, name);
  const files = await samples(16, { positive: (i) => i % 2 === 0, seed });
  for (const label of ['positive', 'negative'] as const) {
    const mine = files.filter((f, i) => labelOf(i, f.positive) === label);
    const res = await upload(server.app, token, mine, { algorithmId: String(id), label });
    expect(res.code).toBe(0);
  }
  return id;
}

const start = (algorithmId: number, epochs = 50) => call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId, epochs }, lang: 'en' });

describe('startTraining and its report', () => {
  it('learns the red square: progress reaches done, a version and a model are made, the report adds up', async () => {
    const id = await dataset('训练-红块', 1000, (_, drawn) => (drawn ? 'positive' : 'negative'));
    const started = await start(id);
    expect(started.json.code).toBe(0);
    const task = await waitForTraining(server.app, token, started.json.data.taskId);
    expect(task).toMatchObject({ state: 2, progress: 100, positiveCount: 8, negativeCount: 8, totalEpochs: 50, epoch: 50, version: 'train-1', message: '' });
    expect(task.modelId).toEqual(expect.any(Number));
    const r = task.report;
    expect(r).toMatchObject({ method: 'leaveOneOut', folds: 16, featureDim: 384, extractor: 'mobilenet_v2-nsfwjs-4.4.0/frozen384' });
    // Consistency: the confusion matrix covers every sample once, accuracy is its trace over the total.
    const cell = (a: string, p: string) => r.confusion.find((c: { actual: string; predicted: string }) => c.actual === a && c.predicted === p);
    const total = r.confusion.reduce((s: number, c: { count: number; sampleIds: number[] }) => s + c.count, 0);
    expect(total).toBe(16);
    expect(r.confusion.flatMap((c: { sampleIds: number[] }) => c.sampleIds).sort()).toEqual(r.scores.map((s: { id: number }) => s.id).sort());
    const tp = cell('positive', 'positive').count;
    const tn = cell('negative', 'negative').count;
    expect(r.accuracy).toBeCloseTo((tp + tn) / total, 10);
    const pos = r.perClass.find((c: { label: string }) => c.label === 'positive');
    expect(pos.support).toBe(8);
    expect(pos.precision).toBeCloseTo(tp / (tp + cell('negative', 'positive').count), 10);
    expect(pos.recall).toBeCloseTo(tp / 8, 10);
    expect(r.macroAvg.support).toBe(16);
    // Every figure is recomputable from the out-of-fold scores at the threshold.
    for (const s of r.scores) {
      const predicted = s.score >= r.threshold ? 'positive' : 'negative';
      expect(cell(s.label, predicted).sampleIds).toContain(s.id);
    }
    expect(r.prCurve.length).toBeGreaterThan(1);
    expect(r.prCurve.at(-1).recall).toBe(1);
    // Learnable: well above chance (0.5).
    expect(r.accuracy).toBeGreaterThanOrEqual(0.8);
    expect(r.averagePrecision).toBeGreaterThanOrEqual(0.85);
    // The version holds the classifier, its threshold and the extractor; the model row points at its file.
    const version = await server.database.db.selectFrom('trainVersions').selectAll().where('jobId', '=', task.taskId).executeTakeFirstOrThrow();
    expect(version).toMatchObject({ algorithmId: id, version: 'train-1', modelId: task.modelId, extractor: r.extractor, extractorHash: r.extractorHash });
    expect(version.threshold).toBeCloseTo(r.threshold, 5);
    expect((version.classifier as { weights: number[] }).weights).toHaveLength(384);
    // Embeddings are cached: a retrain embeds nothing new and makes version 2.
    const cached = await server.database.db.selectFrom('imageEmbeddings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(cached.n)).toBeGreaterThanOrEqual(16);
    const again = await waitForTraining(server.app, token, (await start(id, 20)).json.data.taskId);
    expect(again).toMatchObject({ state: 2, version: 'train-2', totalEpochs: 20 });
    // The warehouse shows it as trained, with its samples and its last training.
    const warehouse = (source: string) => call(server.app, 'POST', '/custom/warehouse/list', { token, body: { name: '训练-红块', source } });
    expect((await warehouse('train')).json.data.list).toEqual([
      expect.objectContaining({ id, source: 'train', sampleCount: 16, positiveCount: 8, negativeCount: 8, unclassifiedCount: 0, trainState: 2, lastTrainTaskId: again.taskId }),
    ]);
    // Its last training's figures come with the row: those of the version it made.
    const [row] = (await warehouse('train')).json.data.list;
    expect(row.lastReport).toEqual({ version: 'train-2', modelId: again.modelId, accuracy: again.report.accuracy, averagePrecision: again.report.averagePrecision, folds: again.report.folds });
    expect((await warehouse('setup')).json.data.list).toEqual([]);
  });

  it('does not learn shuffled labels: accuracy stays near chance, with augmented copies too', async () => {
    // Labels that ignore the square: a seeded shuffle calls half of the images positive. (A pattern of the index,
    // i % 4 < 2, was no shuffle: the generator's images of neighbouring seeds share enough that 40 of them were
    // learnt to 0.82.) 40 images, 5 folds: 16 in leave-one-out were too few for a steady control.
    const next = seededRandom(777);
    const order = Array.from({ length: 40 }, (_, i) => ({ i, r: next() })).sort((a, b) => a.r - b.r);
    const positive = new Set(order.slice(0, 20).map((o) => o.i));
    const id = await addAlgorithm(server, '训练-乱标');
    const files = await samples(40, { positive: (i) => i % 2 === 0, seed: 1000 });
    for (const label of ['positive', 'negative'] as const) {
      const mine = files.filter((_, i) => positive.has(i) === (label === 'positive'));
      expect((await upload(server.app, token, mine, { algorithmId: String(id), label })).code).toBe(0);
    }
    const task = await waitForTraining(server.app, token, (await start(id)).json.data.taskId, 240_000);
    expect(task.state).toBe(2);
    expect(task.report).toMatchObject({ method: 'kfold', augmentation: { copies: 4, images: 160 } });
    expect(task.report.accuracy).toBeLessThanOrEqual(0.7);
    expect(task.report.averagePrecision).toBeLessThanOrEqual(0.8);
  }, 300_000);
});

describe('the §5 start rules, cancel and restart', () => {
  it('refuses unclassified samples, fewer than 4 of a class, and a second training at once', async () => {
    const id = await addAlgorithm(server, '训练-条件');
    const files = await samples(7, { positive: (i) => i < 4, seed: 3000 });
    await upload(server.app, token, files.slice(0, 4), { algorithmId: String(id), label: 'positive' });
    await upload(server.app, token, files.slice(4, 6), { algorithmId: String(id), label: 'negative' });
    const few = await start(id);
    expect(few.json).toMatchObject({ code: 409, msg: expect.stringMatching(/at least 4 positive and 4 negative .*4 positive, 2 negative/) });
    await upload(server.app, token, files.slice(6), { algorithmId: String(id) });
    const unclassified = await start(id);
    expect(unclassified.json).toMatchObject({ code: 409, msg: expect.stringMatching(/Images still unclassified: 1;/) });
    expect((await call(server.app, 'POST', '/warehouse/train', { token, body: { algorithmId: 999_999 } })).json.code).toBe(404);
    expect(await server.database.db.selectFrom('trainJobs').select('id').where('algorithmId', '=', id).execute()).toHaveLength(0);
  });

  it('cancels a training: state 3, the reason in the reader language, no version; an ended one cannot be cancelled', async () => {
    const id = await dataset('训练-取消', 4000, (_, drawn) => (drawn ? 'positive' : 'negative'));
    const taskId = (await start(id, 500)).json.data.taskId as number;
    const busy = await start(id);
    expect(busy.json.code).toBe(409);
    // Its samples cannot change while it is queued or running.
    const own = await server.database.db.selectFrom('trainSamples').select('id').where('algorithmId', '=', id).executeTakeFirstOrThrow();
    const samplesBusy = await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [own.id], label: 'positive' }, lang: 'en' });
    expect(samplesBusy.json).toMatchObject({ code: 409, msg: expect.stringMatching(/is training/) });
    const cancelled = await call(server.app, 'POST', `/warehouse/train/cancel/${taskId}`, { token, lang: 'zh' });
    expect(cancelled.json).toMatchObject({ code: 0, data: { state: 3, message: '已取消训练', endTime: expect.any(String) } });
    const after = await waitForTraining(server.app, token, taskId);
    expect(after).toMatchObject({ state: 3, message: 'The training was cancelled', modelId: null, report: null });
    expect(await server.database.db.selectFrom('trainVersions').select('id').where('jobId', '=', taskId).execute()).toHaveLength(0);
    const again = await call(server.app, 'POST', `/warehouse/train/cancel/${taskId}`, { token, lang: 'en' });
    expect(again.json).toMatchObject({ code: 409, msg: 'The training has already ended; it cannot be cancelled' });
    expect((await call(server.app, 'POST', '/warehouse/train/cancel/999999', { token })).json.code).toBe(404);
  });

  it('resumes a job whose instance died, and fails one that already died twice, visibly', async () => {
    const id = await dataset('训练-重启', 5000, (_, drawn) => (drawn ? 'positive' : 'negative'));
    const db = server.database.db;
    const orphan = (attempts: number) =>
      db
        .insertInto('trainJobs')
        .values({ algorithmId: id, state: 1, epochs: 30, positiveCount: 8, negativeCount: 8, userName: 'admin', claimedBy: 'dead-instance', heartbeatAt: sql`now() - interval '10 minutes'`, attempts })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await orphan(1);
    server.services.trainRunner?.kick();
    const resumed = await waitForTraining(server.app, token, first.id);
    expect(resumed).toMatchObject({ state: 2, progress: 100, version: expect.stringMatching(/^train-\d+$/) });
    const second = await orphan(2);
    server.services.trainRunner?.kick();
    const failed = await waitForTraining(server.app, token, second.id);
    expect(failed).toMatchObject({ state: 3, message: 'The server restarted during the training; after 2 attempts the training failed', modelId: null });
    // The samples are all still there.
    expect((await call(server.app, 'POST', '/warehouse/samples/list', { token, body: { algorithmId: id } })).json.data.counts.total).toBe(16);
  });
});
