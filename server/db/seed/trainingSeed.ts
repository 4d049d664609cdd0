// The demo site's training area (issue 10), so a newcomer sees the flow at once: one fine-tuned algorithm trained
// on generated labelled road scenes (fire and smoke or not, server/media/labelledScene.ts) and published, and one
// dataset halfway through the wizard (images uploaded, half of them classified). Everything goes through the code
// a user's requests run: the upload's image checks and store (sampleRules, sampleStore), the training queue's claim
// and run (trainQueue, trainRun: real embeddings and a real cross-validated classifier), the publish statement.
// Kept cheap (32 images of 320×240, PNG at the fast compression level): it runs once, when a demo site is first
// created.
import { type Kysely, sql } from 'kysely';
import { renderLabelledScene } from '../../media/labelledScene.ts';
import { encodePng } from '../../media/pngEncoder.ts';
import { checkImage } from '../../modules/training/sampleRules.ts';
import { storeSamples } from '../../modules/training/sampleStore.ts';
import { claimJob } from '../../modules/training/trainQueue.ts';
import { runTrainJob } from '../../modules/training/trainRun.ts';
import type { Database } from '../types.ts';

type Db = Kysely<Database>;

export const DEMO_TRAINED = { name: '隧道火情烟雾识别', positive: 10, negative: 10, seed: 7100 };
export const DEMO_HALFWAY = { name: '园区烟火识别-样本整理中', positive: 6, negative: 6, classified: 3, seed: 7300 };

/**
 * A published fine-tuned algorithm (setup event of type 3 with its catalogue event), as the warehouse lists it; dated
 * some days back (the warehouse lists the newest first: the demo's orchestrations stay on top).
 */
async function addTrainAlgorithm(db: Db, name: string, desc: string, daysAgo: number): Promise<number> {
  const at = new Date(Date.now() - daysAgo * 86400_000);
  const eventId = Number((await sql<{ id: string }>`SELECT nextval('setup_event_ids') AS id`.execute(db)).rows[0]?.id);
  const catalogue = await db
    .insertInto('catalogueEvents')
    .values({ eventId, eventName: name, eventType: 'custom', appName: 'argus-train', typeId: 2, version: '1.0.0' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('setupEvents')
    .values({
      name,
      description: desc,
      sataus: 1,
      customEventType: 3,
      eventName: name,
      eventId,
      version: '1.0.0',
      buttonType: 'train',
      userName: 'admin',
      catalogueEventId: catalogue.id,
      publishedVersion: '1.0.0',
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Generated images as an upload brings them: checked by the §5 image rules, then stored with their label. */
async function uploadGenerated(db: Db, dataDir: string, algorithmId: number, set: { positive: number; negative: number; seed: number }, label: (fire: boolean, index: number) => 'positive' | 'negative' | 'unclassified') {
  const images = [];
  for (let i = 0; i < set.positive + set.negative; i++) {
    const fire = i < set.positive;
    const bytes = encodePng(renderLabelledScene({ width: 320, height: 240, seed: set.seed + i, fire }), 1);
    const checked = await checkImage(`${fire ? 'fire' : 'clear'}_${String(i).padStart(3, '0')}.png`, bytes);
    images.push({ ...checked, label: label(fire, fire ? i : i - set.positive) });
  }
  await storeSamples(db, dataDir, algorithmId, images);
}

/** Seeds the two algorithms; answers how long it took (ms), which the bench and the seed test report. */
export async function seedDemoTraining(db: Db, dataDir: string): Promise<number> {
  const started = performance.now();
  const trained = await addTrainAlgorithm(db, DEMO_TRAINED.name, '在生成的隧道与道路场景上训练：有火焰烟雾为正样本', 20);
  await uploadGenerated(db, dataDir, trained, DEMO_TRAINED, (fire) => (fire ? 'positive' : 'negative'));
  const job = await db
    .insertInto('trainJobs')
    .values({ algorithmId: trained, epochs: 50, positiveCount: DEMO_TRAINED.positive, negativeCount: DEMO_TRAINED.negative, remark: 'demo', userName: 'admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The queue's own claim and run, by a seeding instance (nothing else is queued on a new site).
  const instance = 'demo-seed';
  const claimed = await claimJob(db, instance);
  if (!claimed || claimed.id !== job.id) throw new Error('the demo training could not be claimed');
  await runTrainJob(db, dataDir, instance, claimed, () => false);
  const done = await db.selectFrom('trainJobs').select(['state', 'message']).where('id', '=', job.id).executeTakeFirstOrThrow();
  if (done.state !== 2) throw new Error(`the demo training did not finish: ${done.message}`);
  await db.updateTable('trainVersions').set({ publishedAt: sql`now()`, publishedBy: 'admin' }).where('jobId', '=', job.id).where('publishedAt', 'is', null).execute();

  const halfway = await addTrainAlgorithm(db, DEMO_HALFWAY.name, '样本已上传，部分已分类：在细粒度训练中继续', 19);
  await uploadGenerated(db, dataDir, halfway, DEMO_HALFWAY, (fire, index) => (index < DEMO_HALFWAY.classified ? (fire ? 'positive' : 'negative') : 'unclassified'));
  return performance.now() - started;
}
