// predictBigSdk with the platform's detector on a real photo: the prompts it can see, detections labelled by
// prompt with boxes in pixels, the event presets, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRealPhoto } from '../support/realPhotos.ts';
import { call, login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

const crowd = () => `data:image/jpeg;base64,${readRealPhoto('crowd').toString('base64')}`;
const predict = (body: Record<string, unknown>) => call(server.app, 'POST', '/verifyBigSdk/predict', { token, body, lang: 'en' });

describe('predictBigSdk', () => {
  it('finds people for "persons", boxes in pixels above the threshold, and leaves out prompts it cannot see', async () => {
    const res = await predict({ images: [crowd()], prompts: ['persons', 'plastic bag'], boxThreshold: 0.3 });
    expect(res.json.code).toBe(0);
    expect(res.json.data.prompts).toEqual(['persons']);
    const [image] = res.json.data.results;
    expect(image).toMatchObject({ index: 0, width: 1280, height: 1158 });
    expect(image.detections.length).toBeGreaterThanOrEqual(15);
    for (const d of image.detections) {
      expect(d.label).toBe('persons');
      expect(d.score).toBeGreaterThanOrEqual(0.3);
      expect(d.box[2]).toBeLessThanOrEqual(1280);
      expect(d.box[3]).toBeLessThanOrEqual(1158);
      expect(d.box[2]).toBeGreaterThan(d.box[0]);
    }
  });

  it('takes the preset prompts of an event without prompts of its own', async () => {
    const res = await predict({ images: [crowd()], eventId: 53, boxThreshold: 0.5 });
    expect(res.json.data.prompts).toEqual(['person', 'plant']);
  });

  it('refuses what it cannot do, with the reason', async () => {
    expect((await predict({ images: [crowd()] })).json).toMatchObject({ code: 400, msg: expect.stringMatching(/No prompts/) });
    expect((await predict({ images: [crowd()], prompts: ['plastic bag'] })).json).toMatchObject({ code: 400, msg: expect.stringMatching(/cannot see any of these prompts: plastic bag/) });
    expect((await predict({ images: ['https://example.com/a.jpg'], prompts: ['person'] })).json).toMatchObject({ code: 400, msg: expect.stringMatching(/does not fetch/) });
    expect((await predict({ images: [`data:image/png;base64,${Buffer.from('GIF89a-not-png').toString('base64')}`], prompts: ['person'] })).json.code).toBe(415);
    expect((await predict({ images: ['/files/none/missing.jpg'], prompts: ['person'] })).json.code).toBe(404);
  });
});
