// The demo site's training area, seeded through the user's code paths: a fine-tuned algorithm really trained on the
// generated labelled scenes and published, and a dataset halfway through the wizard. Its cost is measured (the
// demo and e2e templates pay it once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HALFWAY, DEMO_TRAINED, seedDemoTraining } from '../../server/db/seed/trainingSeed.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let seedMs: number;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  seedMs = await seedDemoTraining(server.database.db, server.config.dataDir);
});
afterAll(async () => server?.close());

describe('seedDemoTraining', () => {
  it('seeds a trained, published algorithm and a dataset halfway through the wizard, cheaply', async () => {
    console.info(`demo training seed: ${Math.round(seedMs)} ms (${DEMO_TRAINED.positive + DEMO_TRAINED.negative + DEMO_HALFWAY.positive + DEMO_HALFWAY.negative} images, one training)`);
    // A loaded 2-core machine: the embedding worker's start and 32 images, well under half a minute.
    expect(seedMs).toBeLessThan(30_000);
    const list = (name: string) => call(server.app, 'POST', '/custom/warehouse/list', { token, body: { name } });
    const [trained] = (await list(DEMO_TRAINED.name)).json.data.list;
    expect(trained).toMatchObject({ customEventType: 3, source: 'train', sampleCount: 20, positiveCount: 10, negativeCount: 10, unclassifiedCount: 0, trainState: 2, versionCount: 1, publishedTrainVersion: 'train-1' });
    const versions = await call(server.app, 'POST', '/warehouse/train/versions', { token, body: { algorithmId: trained.id } });
    const [version] = versions.json.data.list;
    expect(version).toMatchObject({ version: 'train-1', published: true, publishedBy: 'admin', positiveCount: 10, negativeCount: 10 });
    // A real figure from a real cross-validation (not a pass mark): better than a coin.
    console.info(`demo model cross-validated accuracy: ${(version.accuracy * 100).toFixed(1)} %`);
    expect(version.accuracy).toBeGreaterThan(0.5);
    const [halfway] = (await list(DEMO_HALFWAY.name)).json.data.list;
    expect(halfway).toMatchObject({ sampleCount: 12, positiveCount: 3, negativeCount: 3, unclassifiedCount: 6, trainState: null, versionCount: 0, publishedTrainVersion: null });
  });
});
