// Alarm snapshots in packs (server/modules/alarms/snapshotPacks.ts): appended together, read back by path and token
// only, served under /files/ like a file, erased on purge, and a past day's emptied pack removed.
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayStamp } from '../../server/http/format.ts';
import { purgeDeletedImages, readImage, removeImageFile, writeImageFile } from '../../server/modules/alarms/alarmStore.ts';
import { closePacks, packedImageCount, removeErasedPacks } from '../../server/modules/alarms/snapshotPacks.ts';
import { demoBoxes, ingestOk, SNAPSHOT } from './support/alarms.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
const dataDir = () => server.config.dataDir;
const get = (path: string) => server.app.inject({ method: 'GET', url: `/files/${path}` });
/** The same path with one hex digit of its token changed. */
const otherToken = (path: string) => path.replace(/-([0-9a-f])/, (_, c: string) => `-${c === '0' ? '1' : '0'}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('snapshot packs', () => {
  it('store images written at the same moment in one pack, each read back whole by its own path', async () => {
    const images = Array.from({ length: 300 }, (_, i) => Buffer.concat([SNAPSHOT.png, Buffer.from(`#${i}`)]));
    const paths = await Promise.all(images.map((bytes) => writeImageFile(dataDir(), 'alarms', bytes, 'png', true)));
    expect(new Set(paths).size).toBe(300);
    expect(new Set(paths.map((p) => p.split('/').slice(0, 3).join('/'))).size).toBeLessThanOrEqual(2);
    for (const [i, path] of paths.entries()) expect(Buffer.compare(await readImage(dataDir(), path), images[i])).toBe(0);
    // Nothing per image under files/: the pack lives outside what the static server sends.
    expect(existsSync(join(dataDir(), 'files', 'alarms', dayStamp()))).toBe(false);
  });

  it('serve an image by its path only: another token, offset or a pack by name is not found', async () => {
    const path = await writeImageFile(dataDir(), 'alarms', SNAPSHOT.png, 'png', false);
    const ok = await get(path);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(ok.rawPayload, SNAPSHOT.png)).toBe(0);
    const again = await server.app.inject({ method: 'GET', url: `/files/${path}`, headers: { 'if-none-match': String(ok.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const [, day, pack, name] = path.split('/');
    const offset = Number(name.split('-')[0]);
    for (const bad of [
      otherToken(path),
      `alarms/${day}/${pack}/${offset + 24}-${name.split('-')[1]}`,
      `alarms/${day}/${'0'.repeat(16)}/${name}`,
      `alarms/${day}/${pack}.pack`,
      `../packs/alarms/${day}/${pack}.pack`,
      `alarms/${day}/${pack}/${'9'.repeat(12)}-${name.split('-')[1]}`,
    ]) {
      expect((await get(bad)).statusCode, bad).toBe(404);
    }
    await expect(readImage(dataDir(), otherToken(path))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('still serve a snapshot stored as a file of its own (before packs)', async () => {
    const dir = join(dataDir(), 'files', 'alarms', '20250101');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${'a'.repeat(32)}.png`), SNAPSHOT.png);
    const res = await get(`alarms/20250101/${'a'.repeat(32)}.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(await readImage(dataDir(), `alarms/20250101/${'a'.repeat(32)}.png`), SNAPSHOT.png)).toBe(0);
  });

  it('erase an image: its bytes are zeros, its path not found, the others untouched', async () => {
    const [a, b] = await Promise.all([1, 2].map((i) => writeImageFile(dataDir(), 'alarms', Buffer.concat([SNAPSHOT.png, Buffer.from([i])]), 'png', false)));
    const before = await packedImageCount(dataDir());
    await removeImageFile(dataDir(), a);
    await removeImageFile(dataDir(), a); // twice: nothing more
    expect((await get(a)).statusCode).toBe(404);
    expect((await get(b)).statusCode).toBe(200);
    expect(await packedImageCount(dataDir())).toBe(before - 1);
    // A token that is not the record's erases nothing.
    await removeImageFile(dataDir(), otherToken(b));
    expect((await get(b)).statusCode).toBe(200);
  });

  it('purge a deleted alarm’s snapshot, and remove a past day’s pack once all its images are erased', async () => {
    const [box] = demoBoxes(dataDir());
    const { id } = await ingestOk(server.app, box);
    const { imagePath } = await server.database.db.selectFrom('alarms').select('imagePath').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await get(imagePath!)).statusCode).toBe(200);
    await server.database.db.updateTable('alarms').set({ deletedAt: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    expect(await purgeDeletedImages(server.database.db, dataDir(), 0)).toBeGreaterThanOrEqual(1);
    expect((await get(imagePath!)).statusCode).toBe(404);

    // Yesterday's pack: written with the clock a day back, then every image erased.
    await closePacks(dataDir());
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 86_400_000 });
    const old = await Promise.all([1, 2, 3].map(() => writeImageFile(dataDir(), 'alarms', SNAPSHOT.png, 'png', false)));
    vi.useRealTimers();
    await closePacks(dataDir());
    const day = old[0].split('/')[1];
    const packs = join(dataDir(), 'packs', 'alarms', day);
    expect(readdirSync(packs)).toHaveLength(1);
    await removeImageFile(dataDir(), old[0]);
    await removeImageFile(dataDir(), old[1]);
    expect(await removeErasedPacks(dataDir(), old)).toBe(0); // one image is still live
    expect(readdirSync(packs)).toHaveLength(1);
    await removeImageFile(dataDir(), old[2]);
    expect(await removeErasedPacks(dataDir(), old)).toBe(1);
    expect(existsSync(packs)).toBe(false);
    // Today's pack is kept even when emptied: this process (or another) may still append to it.
    const today = await writeImageFile(dataDir(), 'alarms', SNAPSHOT.png, 'png', false);
    await removeImageFile(dataDir(), today);
    expect(await removeErasedPacks(dataDir(), [today])).toBe(0);
  });
});
