// Issue 34 points 3 and 6: a training zip costs bounded work. The central directory is checked against the file and
// a fixed cap before it is allocated; entries that overlap or point at the same data are refused (the zip:
// 100 directory entries aimed at one entry padded with 48 MiB of empty deflate blocks, which cost ~79 s and stored
// 100 identical samples), and so is padding no compressor writes; sizes and checksums are held to what the directory
// says; the inflate stops when its signal fires, and the upload's work when its client leaves — nothing stored,
// nothing left in the staging folder.
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError.ts';
import { MAX_CENTRAL_DIRECTORY_BYTES, readCentralDirectory, readEntry } from '../../server/modules/training/zipArchive.ts';
import { login } from './support/client.ts';
import { addAlgorithm, sampleRows, samples, uploadZip } from './support/training.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';
import { openPost } from './support/openPost.ts';
import { deflated, endRecord, padded, plainZip, type RawEntry, zipOf } from './support/zipRecords.ts';

let server: TestServer;
let token: string;
let png: Buffer;
const scratch = mkdtempSync(join(tmpdir(), 'argus-zip-'));
const settle = { timeout: 30_000, interval: 20 };

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
  png = (await samples(1, { positive: () => true, seed: 3400 }))[0]!.bytes;
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const staged = () => {
  const dir = join(server.config.dataDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function expectNothingStored(algorithmId: number) {
  expect(await sampleRows(server, algorithmId)).toHaveLength(0);
  expect(existsSync(join(server.config.dataDir, 'files', 'training', String(algorithmId)))).toBe(false);
  expect(staged()).toEqual([]);
}

/** A FileHandle that records the length of every read (what the reader allocated and asked for). */
function recordingReads(handle: FileHandle, lengths: number[]): FileHandle {
  return new Proxy(handle, {
    get(target, key) {
      if (key === 'read') {
        return (buffer: Buffer, offset: number, length: number, position: number) => {
          lengths.push(length);
          return target.read(buffer, offset, length, position);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the zip reader', () => {
  it('refuses an end record claiming a 64 MiB central directory without allocating or reading it', async () => {
    // A sparse 65 MiB file: the claimed directory lies inside it, so only the fixed cap stops the allocation.
    const path = join(scratch, 'claims.zip');
    const fd = openSync(path, 'w');
    const size = 65 * 1024 * 1024;
    ftruncateSync(fd, size);
    writeSync(fd, endRecord(1, 64 * 1024 * 1024, 0), 0, 22, size - 22);
    closeSync(fd);
    const lengths: number[] = [];
    const handle = await open(path, 'r');
    try {
      const refused = await readCentralDirectory(recordingReads(handle, lengths), size).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).key).toBe('training.zipDirectoryTooLarge');
    } finally {
      await handle.close();
    }
    expect(Math.max(...lengths)).toBeLessThanOrEqual(22 + 65535);
    expect(MAX_CENTRAL_DIRECTORY_BYTES).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops inflating an entry when its signal fires', async () => {
    const path = join(scratch, 'big.zip');
    const entry = deflated('set/positive/big.png', Buffer.alloc(8 * 1024 * 1024, 1));
    const fd = openSync(path, 'w');
    writeSync(fd, plainZip([entry]));
    closeSync(fd);
    const handle = await open(path, 'r');
    try {
      const [read] = await readCentralDirectory(handle, (await handle.stat()).size);
      const controller = new AbortController();
      const inflating = readEntry(handle, read!, controller.signal);
      controller.abort();
      await expect(inflating).rejects.toMatchObject({ key: 'upload.aborted' });
      // Unaborted, the same entry inflates whole.
      expect((await readEntry(handle, read!)).length).toBe(8 * 1024 * 1024);
    } finally {
      await handle.close();
    }
  });
});

describe('hostile zips over the API', () => {
  const layout = (positive: RawEntry, negative: RawEntry) => [positive, negative];

  it("refuses the issue's zip — 100 entries aimed at one entry padded with 48 MiB of empty blocks — and stores nothing", async () => {
    const id = await addAlgorithm(server, '压缩包-填充');
    const target = padded('set/positive/p0.png', png, 48 * 1024 * 1024);
    const directory = Array.from({ length: 100 }, (_, i) => ({ entry: { ...target, name: i === 99 ? 'set/negative/n.png' : `set/positive/p${i}.png` }, local: 0 }));
    const res = await uploadZip(server.app, token, 'set.zip', zipOf([target], directory), id);
    expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/holds 48 MB of compressed data for .+ of content.*refused without inflating/) });
    await expectNothingStored(id);
  });

  it('refuses directory entries that point at the same data, or into another entry, without padding', async () => {
    const id = await addAlgorithm(server, '压缩包-重叠');
    const positive = deflated('set/positive/a.png', png);
    const negative = deflated('set/negative/b.png', png);
    const same = zipOf(layout(positive, negative), [
      { entry: positive, local: 0 },
      { entry: { ...positive, name: 'set/positive/copy.png' }, local: 0 },
      { entry: negative, local: 1 },
    ]);
    expect(await uploadZip(server.app, token, 'set.zip', same, id)).toMatchObject({ code: 400, msg: expect.stringContaining('share their bytes') });
    // The second entry's record starts inside the first one's data.
    const inside = zipOf(layout(positive, negative), [
      { entry: positive, local: 0 },
      { entry: negative, local: 0, shift: 40 },
    ]);
    expect((await uploadZip(server.app, token, 'set.zip', inside, id)).code).toBe(400);
    await expectNothingStored(id);
  });

  it('holds an entry to its declared size and checksum', async () => {
    const id = await addAlgorithm(server, '压缩包-校验');
    const negative = deflated('set/negative/b.png', png);
    const lying = { ...deflated('set/positive/a.png', png), size: png.length - 100 };
    expect(await uploadZip(server.app, token, 'set.zip', plainZip([lying, negative]), id)).toMatchObject({ code: 400, msg: expect.stringContaining('does not inflate to its declared size') });
    const damaged = { ...deflated('set/positive/a.png', png), crc: 12345 };
    expect(await uploadZip(server.app, token, 'set.zip', plainZip([damaged, negative]), id)).toMatchObject({ code: 400, msg: expect.stringContaining('checksum') });
    await expectNothingStored(id);
  });
});

describe('a client that goes away', () => {
  it('stops the upload when the client leaves after sending it, stores nothing and removes the staged zip', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const id = await addAlgorithm(server, '压缩包-断开');
    const images = await samples(6, { positive: (i) => i % 2 === 0, seed: 3410 });
    const zip = plainZip(images.map((f) => deflated(`set/${f.positive ? 'positive' : 'negative'}/${f.name}`, f.bytes)));
    const boundary = '----argusleaves';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="algorithmId"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="set.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(zip.length / 2);
    const post = openPost(baseUrl, '/api/warehouse/uploadAdjustmentFileZip', { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, head.length + zip.length + tail.length, Buffer.concat([head, zip.subarray(0, half)]));
    post.answer.catch(() => undefined);
    // Signed in and streaming: the staged zip exists. Now the database is held, so the upload's next step (the
    // algorithm's row) waits: the zip is complete on disk and nothing of it read when the client leaves.
    await expect.poll(staged, settle).toHaveLength(1);
    let release!: () => void;
    const held = server.database.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE setup_events IN ACCESS EXCLUSIVE MODE`.execute(trx);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await expect.poll(() => typeof release, settle).toBe('function');
    post.finish(Buffer.concat([zip.subarray(half), tail]));
    const stagedSize = async () => (await open(join(server.config.dataDir, 'tmp', staged()[0] ?? 'none')).then((h) => h.stat().finally(() => h.close())).catch(() => ({ size: -1 }))).size;
    await expect.poll(stagedSize, settle).toBe(zip.length);
    post.drop();
    const connections = () => new Promise<number>((resolve) => server.app.server.getConnections((_error, count) => resolve(count)));
    await expect.poll(connections, settle).toBe(0);
    release();
    await held;
    await expect.poll(staged, settle).toEqual([]);
    expect(await sampleRows(server, id)).toHaveLength(0);
  });
});
