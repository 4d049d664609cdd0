// Training, evaluation and verification images are not public files (issue 36): they live outside what /files/
// serves by name, and a screen gets them by short-lived signed URLs issued by operations that checked the caller's
// token and permission. A URL is bound to its file and its expiry; a forged, altered, swapped or expired one is
// refused; the old public address answers 404, also for files a former version stored there (moved at start);
// the signature never reaches the request log.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSigner, URL_LIFETIME_SECONDS } from '../../server/http/fileSigning.ts';
import { movePrivateFiles, privateRoot } from '../../server/modules/devices/storedFiles.ts';
import { call, login } from './support/client.ts';
import { drawSample } from './support/trainImages.ts';
import { addAlgorithm, upload } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ logLevel: 'info' }, { logStream });
  token = await login(server.app);
});
afterAll(async () => server?.close());

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
const pathOf = (url: string) => decodeURIComponent(url.slice('/files/private/'.length, url.indexOf('?')));

describe('private training images', () => {
  it('are answered as signed URLs that open the image without a token; the public name is 404', async () => {
    const id = await addAlgorithm(server, '私有-样本');
    const png = await drawSample({ positive: true, seed: 31 });
    const up = await upload(server.app, token, [{ name: 'p.png', bytes: png }], { algorithmId: String(id), label: 'positive' });
    const [sample] = up.data.list;
    expect(sample.url).toMatch(new RegExp(`^/files/private/training/${id}/[^?]+\\.png\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(sample.thumbUrl).toMatch(new RegExp(`^/files/private/training/${id}/thumbs/[^?]+\\.jpg\\?exp=`));
    const image = await get(sample.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // Kept by this browser only, no longer than the link lives; the stored files' sandboxing policy applies.
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(String(image.headers['cache-control']))?.[1])).toBeLessThanOrEqual(URL_LIFETIME_SECONDS + 300);
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect((await get(sample.thumbUrl)).headers['content-type']).toBe('image/jpeg');
    // The same file by its unguessable name, the way it used to be served: not found.
    const relative = pathOf(sample.url);
    expect((await get(`/files/${relative}`)).statusCode).toBe(404);
    expect(existsSync(join(privateRoot(server.config.dataDir), relative))).toBe(true);
    // The list answers signed URLs too.
    const list = await call(server.app, 'POST', '/warehouse/samples/list', { token, body: { algorithmId: id } });
    expect((await get(list.json.data.list[0].url)).statusCode).toBe(200);
  });

  it('refuses a URL altered, swapped to another file, expired, or with an expiry the server never issues', async () => {
    const id = await addAlgorithm(server, '私有-篡改');
    const images = [await drawSample({ positive: true, seed: 32 }), await drawSample({ positive: false, seed: 33 })];
    const up = await upload(server.app, token, images.map((bytes, i) => ({ name: `i${i}.png`, bytes })), { algorithmId: String(id), label: 'positive' });
    const [a, b] = up.data.list.map((s: { url: string }) => s.url) as [string, string];
    const sig = (url: string) => url.slice(url.indexOf('sig=') + 4);
    const exp = (url: string) => url.slice(url.indexOf('exp=') + 4, url.indexOf('&sig'));
    const refused = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: 'The image link is not valid or has expired; reload the page for a new one' });
    };
    // b's path with a's signature; a's path later than signed; no signature; a flipped character.
    await refused(`${b.slice(0, b.indexOf('?'))}?exp=${exp(a)}&sig=${sig(a)}`);
    await refused(`${a.slice(0, a.indexOf('?'))}?exp=${Number(exp(a)) + 300}&sig=${sig(a)}`);
    await refused(a.slice(0, a.indexOf('&sig')));
    await refused(a.replace(/sig=(.)/, (_, c) => `sig=${c === 'A' ? 'B' : 'A'}`));
    // Signed by this server, but an hour ago: expired.
    const old = (await fileSigner(server.database.db, Date.now() - 3_600_000)).url(pathOf(a));
    await refused(old);
    // Signed for a day ahead (no URL of this server lives that long).
    await refused((await fileSigner(server.database.db, Date.now() + 86_400_000)).url(pathOf(a)));
    // A signed path outside the private folders is no private file.
    await refused((await fileSigner(server.database.db)).url('avatars/x.png'));
    // The signature is not in the request log.
    const logged = logLines.filter((l) => l.includes('/files/private/')).join('\n');
    expect(logged).toContain('sig=***');
    expect(logged).not.toContain(sig(a));
  });

  it('moves images a former version kept under files/ out of the public folder at start', async () => {
    const dataDir = server.config.dataDir;
    const legacy = 'training/9999/legacy.png';
    const png = await drawSample({ positive: false, seed: 34 });
    mkdirSync(join(dataDir, 'files', 'training', '9999'), { recursive: true });
    writeFileSync(join(dataDir, 'files', legacy), png);
    mkdirSync(join(dataDir, 'files', 'verify'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'verify', 'frame.jpg'), png);
    expect((await get(`/files/${legacy}`)).statusCode).toBe(200);
    // What buildApp runs before it serves files.
    expect(movePrivateFiles(dataDir)).toBe(2);
    expect((await get(`/files/${legacy}`)).statusCode).toBe(404);
    expect((await get('/files/verify/frame.jpg')).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'files', 'training'))).toBe(false);
    const signed = (await fileSigner(server.database.db)).url(legacy);
    expect((await get(signed)).rawPayload.equals(png)).toBe(true);
    // Nothing left to move the next time.
    expect(movePrivateFiles(dataDir)).toBe(0);
  });
});
