// describeImage against a local stand-in of an OpenAI-compatible chat service: the question and the image reach
// it (as a data URL of the server's own re-encoding of the pixels, with the key), its answer comes back; busy and
// failing services and an unconfigured site answer their own codes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { addAlgorithm, upload } from './support/training.ts';
import { drawSample } from './support/trainImages.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
let standIn: Server;
let received: { headers: Record<string, unknown>; body: any }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1/chat/completions`;
  server = await startTestServer({ modelService: { url, apiKey: 'stand-in-key', model: 'stand-in-vl' } });
  token = await login(server.app);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

/** The pixels of a data URL (the server re-encodes what it sends: equal pixels, not equal bytes). */
const pixels = (dataUrl: string) => sharp(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')).raw().toBuffer();

const describeImage = (image: string, question = 'Is there a fire?') => call(server.app, 'POST', '/deepseek/image2text', { token, body: { image, question, maxTokens: 64 }, lang: 'en' });

describe('describeImage', () => {
  it('asks the configured service with the image and the question, and answers its text', async () => {
    received = [];
    answer = { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'Yes: a red patch like a fire.' } }] } };
    const png = await drawSample({ positive: true, seed: 1 });
    const res = await describeImage(`data:image/png;base64,${png.toString('base64')}`);
    expect(res.json).toMatchObject({ code: 0, data: { text: 'Yes: a red patch like a fire.', costMs: expect.any(Number) } });
    expect(received).toHaveLength(1);
    const sent = received[0] as { headers: Record<string, unknown>; body: any };
    expect(sent.headers.authorization).toBe('Bearer stand-in-key');
    expect(sent.body).toMatchObject({ model: 'stand-in-vl', max_tokens: 64 });
    const content = sent.body.messages[0].content;
    expect(content[0]).toEqual({ type: 'text', text: 'Is there a fire?' });
    expect(content[1].image_url.url).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.compare(await pixels(content[1].image_url.url), await sharp(png).raw().toBuffer())).toBe(0);
  });

  it('sends an uploaded sample (a /files/ path) as a data URL; an unknown path is 404', async () => {
    received = [];
    answer = { status: 200, body: { choices: [{ message: { content: [{ type: 'text', text: 'A square.' }] } }] } };
    const id = await addAlgorithm(server, '描述-样本');
    const png = await drawSample({ positive: true, seed: 2 });
    const up = await upload(server.app, token, [{ name: 'square.png', bytes: png }], { algorithmId: String(id) });
    const res = await describeImage(up.data.list[0].url);
    expect(res.json).toMatchObject({ code: 0, data: { text: 'A square.' } });
    expect(Buffer.compare(await pixels(received[0]?.body.messages[0].content[1].image_url.url), await sharp(png).raw().toBuffer())).toBe(0);
    expect((await describeImage('/files/training/none.png')).json.code).toBe(404);
    expect((await describeImage('/files/../../etc/passwd')).json.code).toBe(404);
  });

  it('answers 429 when the service is busy, 500 when it fails, 415 for an image that is not one', async () => {
    const png = `data:image/png;base64,${(await drawSample({ positive: false, seed: 3 })).toString('base64')}`;
    answer = { status: 429, body: { error: 'busy' } };
    expect((await describeImage(png)).json).toMatchObject({ code: 429, msg: 'The model service is busy; try again later' });
    answer = { status: 502, body: { error: 'bad gateway' } };
    expect((await describeImage(png)).json).toMatchObject({ code: 500, msg: 'The model service call failed (HTTP 502)' });
    answer = { status: 200, body: { choices: [] } };
    expect((await describeImage(png)).json).toMatchObject({ code: 500, msg: 'The model service call failed (no answer)' });
    expect((await describeImage(`data:image/png;base64,${Buffer.from('not an image').toString('base64')}`)).json.code).toBe(415);
  });

  it('says so when no model service is configured', async () => {
    const configured = server.services.config.modelService;
    server.services.config.modelService = undefined;
    try {
      const res = await describeImage('data:image/png;base64,iVBORw0KGgo=');
      expect(res.json).toMatchObject({ code: 409, msg: 'No model service is configured (MODEL_SERVICE_URL); images cannot be described' });
    } finally {
      server.services.config.modelService = configured;
    }
  });
});
