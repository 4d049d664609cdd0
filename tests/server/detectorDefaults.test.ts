// The detector's measured defaults (src/domain/detectorDefaults.ts) on the real crowd photo against the boxes drawn
// by hand (tests/support/realPhotoBoxes.json), and where they apply: a prediction call that sends no threshold.
// Before issue 36 the default was the spec's 0.7, which finds 1 of the crowd's people.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDetector, detect } from '../../server/ml/detector.ts';
import { type PixelBox, precisionRecall, scorePhoto, type TruthPhoto } from '../../server/ml/detector/evaluate.ts';
import { defaultScoreFor, defaultScoreForClasses, GENERAL_DEFAULT_SCORE } from '../../src/domain/detectorDefaults.ts';
import { readRealPhoto } from '../support/realPhotos.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const truth = JSON.parse(readFileSync(new URL('../support/realPhotoBoxes.json', import.meta.url), 'utf8')) as { photos: TruthPhoto[] };
const crowdTruth = truth.photos.find((p) => p.file === 'samples.jpg') as TruthPhoto;
const isPerson = (label: string) => label === 'person';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
}, 60_000);
afterAll(async () => {
  await closeDetector();
  await server?.close();
});

describe('measured detector defaults', () => {
  it('person: the default finds the people of the crowd photo with few false boxes; the spec’s 0.7 finds none', async () => {
    const result = await detect(readRealPhoto('crowd'), { minScore: 0.1 });
    const boxes = result.detections.map((d) => ({ ...d, box: [d.box[0] * result.width, d.box[1] * result.height, d.box[2] * result.width, d.box[3] * result.height] as PixelBox }));
    // The crowd itself (below the thumbnails): 11 people drawn, not difficult. Measured at 0.25: 9 found, 2 false.
    const crowd: TruthPhoto = { ...crowdTruth, objects: crowdTruth.objects.filter((o) => o.box[1] >= 190), ignore: [...crowdTruth.ignore, { box: [0, 0, crowdTruth.width, 190] }] };
    const atDefault = precisionRecall(scorePhoto(crowd, boxes, defaultScoreFor('person'), isPerson));
    expect(atDefault.recall).toBeGreaterThanOrEqual(0.75);
    expect(atDefault.precision).toBeGreaterThanOrEqual(0.75);
    // The whole photo, thumbnails too (19 people): measured recall 0.89.
    expect(precisionRecall(scorePhoto(crowdTruth, boxes, defaultScoreFor('person'), isPerson)).recall).toBeGreaterThanOrEqual(0.8);
    expect(precisionRecall(scorePhoto(crowd, boxes, 0.7, isPerson)).recall).toBe(0);
  });

  it('a rule of several classes takes the lowest default; unmeasured classes the general one', () => {
    expect(defaultScoreForClasses(['person', 'car'])).toBe(defaultScoreFor('person'));
    expect(defaultScoreFor('car')).toBe(GENERAL_DEFAULT_SCORE);
    expect(defaultScoreForClasses([])).toBe(GENERAL_DEFAULT_SCORE);
  });

  it('a prediction call without a threshold applies the measured default, not 0.7', async () => {
    const image = `data:image/jpeg;base64,${readRealPhoto('crowd').toString('base64')}`;
    const res = await call(server.app, 'POST', '/verifyBigSdk/predict', { token, body: { images: [image], prompts: ['person'] } });
    expect(res.json.code).toBe(0);
    const detections = res.json.data.results[0].detections as { score: number }[];
    expect(detections.length).toBeGreaterThanOrEqual(17);
    expect(Math.min(...detections.map((d) => d.score))).toBeGreaterThanOrEqual(defaultScoreFor('person'));
  }, 60_000);
});
