// Training samples: upload (images and zip) under the §5 rules, each refusal with its reason and nothing written
// (no row, no file); list, classify and delete; counts over the whole algorithm.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './support/client.ts';
import { addAlgorithm, declareHugeSizes, makeZip, sampleRows, samples, upload, uploadZip } from './support/training.ts';
import { drawSample } from './support/trainImages.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.app);
});
afterAll(async () => server?.close());

/** Files under the algorithm's dataset folder, images and thumbnails (none before its first accepted upload). */
function storedFiles(algorithmId: number): string[] {
  // Private: outside the folder /files/ serves (issue 36).
  const folder = join(server.config.dataDir, 'private', 'training', String(algorithmId));
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name);
}

async function expectNothingWritten(algorithmId: number) {
  expect(await sampleRows(server, algorithmId)).toHaveLength(0);
  expect(storedFiles(algorithmId)).toHaveLength(0);
  // A zip upload's temporary file is gone too.
  const tmp = join(server.config.dataDir, 'tmp');
  expect(existsSync(tmp) ? readdirSync(tmp) : []).toHaveLength(0);
}

describe('uploadTrainSamples', () => {
  it('stores images with their label, size and dimensions, and answers the counts', async () => {
    const id = await addAlgorithm(server, '训练-上传');
    const files = await samples(3, { positive: () => true, seed: 10 });
    const res = await upload(server.app, token, files, { algorithmId: String(id), label: 'positive' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ algorithmId: id, uploaded: 3, counts: { total: 3, positive: 3, negative: 0, unclassified: 0 } });
    expect(res.data.list[0]).toMatchObject({ algorithmId: id, width: 240, height: 240, label: 'positive' });
    expect(res.data.list.map((s: { fileName: string }) => s.fileName).sort()).toEqual(files.map((f) => f.name).sort());
    // Each image and its thumbnail.
    expect(storedFiles(id)).toHaveLength(6);
    const fetched = await server.app.inject({ method: 'GET', url: res.data.list[0].url });
    expect(fetched.statusCode).toBe(200);
    const thumb = await server.app.inject({ method: 'GET', url: res.data.list[0].thumbUrl });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 160, height: 160 });
  });

  it('refuses each broken rule with its reason, and writes nothing', async () => {
    const id = await addAlgorithm(server, '训练-规则');
    const [good] = await samples(1, { positive: () => false, seed: 20 });
    const ok = good as { name: string; bytes: Buffer };
    // A real, decodable PNG of about 15 KB.
    const small = await drawSample({ positive: true, seed: 21, size: 110 });
    expect(small.length).toBeGreaterThan(14 * 1024);
    expect(small.length).toBeLessThan(16 * 1024);
    const cases: [string, { name: string; bytes: Buffer }[], number, RegExp][] = [
      ['a Chinese name', [ok, { name: '火灾样本.png', bytes: ok.bytes }], 400, /火灾样本\.png: the name must not contain Chinese/],
      ['a 15 KB image', [ok, { name: 'small.png', bytes: small }], 400, /small\.png: an image must be at least 16 KB/],
      ['a renamed text file', [ok, { name: 'notes.jpg', bytes: Buffer.from('x'.repeat(20_000)) }], 415, /notes\.jpg: only jpg, png, jpeg and jfif/],
      ['a GIF', [{ name: 'anim.gif', bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20_000)]) }], 415, /anim\.gif: only jpg/],
    ];
    for (const [what, files, code, message] of cases) {
      const res = await upload(server.app, token, files, { algorithmId: String(id) });
      expect({ what, code: res.code }).toEqual({ what, code });
      expect(res.msg).toMatch(message);
    }
    await expectNothingWritten(id);
  });

  it('refuses 101 images in one upload', async () => {
    const id = await addAlgorithm(server, '训练-数量');
    const [one] = await samples(1, { positive: () => true, seed: 30 });
    const files = Array.from({ length: 101 }, (_, i) => ({ name: `copy_${i}.png`, bytes: (one as { bytes: Buffer }).bytes }));
    const res = await upload(server.app, token, files, { algorithmId: String(id) });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/At most 100 images per upload/);
    await expectNothingWritten(id);
  });

  it('refuses past 1000 images per algorithm, and an unknown algorithm', async () => {
    const id = await addAlgorithm(server, '训练-上限');
    const [one] = await samples(1, { positive: () => true, seed: 40 });
    const bytes = (one as { bytes: Buffer }).bytes;
    // 999 rows already there (as if uploaded before); two more would pass 1000.
    await server.database.db
      .insertInto('trainSamples')
      .values(Array.from({ length: 999 }, (_, i) => ({ algorithmId: id, fileName: `old_${i}.png`, filePath: `training/${id}/old_${i}.png`, thumbPath: `training/${id}/thumbs/old_${i}.jpg`, sha256: 'a'.repeat(64), dhash: '0'.repeat(16), size: 20_000, width: 10, height: 10 })))
      .execute();
    const res = await upload(server.app, token, [{ name: 'a.png', bytes }, { name: 'b.png', bytes }], { algorithmId: String(id) });
    expect(res.code).toBe(409);
    expect(res.msg).toMatch(/At most 1000 training images per algorithm: it has 999, this upload adds 2/);
    expect(await sampleRows(server, id)).toHaveLength(999);
    expect(storedFiles(id)).toHaveLength(0);
    expect((await upload(server.app, token, [{ name: 'a.png', bytes }], { algorithmId: '999999' })).code).toBe(404);
    expect((await upload(server.app, token, [{ name: 'a.png', bytes }], { algorithmId: 'x' })).code).toBe(400);
  });
});

describe('uploadTrainSamplesZip', () => {
  it('takes <zip>/positive and <zip>/negative with their labels and ignores __MACOSX', async () => {
    const id = await addAlgorithm(server, '训练-压缩包');
    const pos = await samples(2, { positive: () => true, seed: 50, format: 'jpeg' });
    const neg = await samples(2, { positive: () => false, seed: 60 });
    const zip = await makeZip({
      'fire/positive/': null,
      'fire/negative/': null,
      ...Object.fromEntries(pos.map((f) => [`fire/positive/${f.name}`, f.bytes])),
      ...Object.fromEntries(neg.map((f) => [`fire/negative/${f.name}`, f.bytes])),
      '__MACOSX/fire/positive/._x.jpg': 'apple double',
    });
    const res = await uploadZip(server.app, token, 'fire.zip', zip, id);
    expect(res.code).toBe(0);
    expect(res.data.counts).toEqual({ total: 4, positive: 2, negative: 2, unclassified: 0 });
    expect(storedFiles(id)).toHaveLength(8);
  });

  it('refuses hostile zips with their reasons, without inflating, and writes nothing', async () => {
    const id = await addAlgorithm(server, '训练-恶意压缩包');
    const [img] = await samples(1, { positive: () => true, seed: 70 });
    const bytes = (img as { bytes: Buffer }).bytes;
    const layout = (extra: Record<string, Buffer | string | null> = {}) => ({ 'set/positive/a.png': bytes, 'set/negative/b.png': bytes, ...extra });
    const bomb = declareHugeSizes(await makeZip(layout({ 'set/positive/zeros.png': Buffer.alloc(1024 * 1024) })), 2_000_000_000);
    const cases: [string, string, Buffer, number, RegExp][] = [
      ['a bomb', 'set.zip', bomb, 400, /would inflate too large .*refused without inflating/],
      ['traversal', 'set.zip', await makeZip(layout({ '../x.jpg': bytes })), 400, /Zip entry \.\.\/x\.jpg has an unsafe path/],
      ['traversal inside', 'set.zip', await makeZip(layout({ 'set/positive/../../x.png': bytes })), 400, /unsafe path/],
      ['no outer folder', 'set.zip', await makeZip({ 'positive/a.png': bytes, 'negative/b.png': bytes }), 400, /outer folder named like the zip: set\//],
      ['outer folder named otherwise', 'other.zip', await makeZip(layout()), 400, /outer folder named like the zip: other\//],
      ['no negative', 'set.zip', await makeZip({ 'set/positive/a.png': bytes }), 400, /no folder set\/negative\//],
      ['a Chinese name', 'set.zip', await makeZip(layout({ 'set/positive/烟雾.png': bytes })), 400, /烟雾\.png: the name must not contain Chinese/],
      ['a renamed text file', 'set.zip', await makeZip(layout({ 'set/negative/t.jpg': 'x'.repeat(20_000) })), 415, /t\.jpg: only jpg/],
      ['not a zip', 'set.zip', Buffer.from('just text, not a zip'.repeat(100)), 415, /not a zip archive/],
    ];
    for (const [what, name, zip, code, message] of cases) {
      const res = await uploadZip(server.app, token, name, zip, id);
      expect({ what, code: res.code, msg: res.msg }).toMatchObject({ what, code, msg: expect.stringMatching(message) });
    }
    await expectNothingWritten(id);
  });

  it('refuses 101 images in a zip', async () => {
    const id = await addAlgorithm(server, '训练-压缩包数量');
    const [img] = await samples(1, { positive: () => true, seed: 80 });
    const entries: Record<string, Buffer> = { 'many/negative/n.png': (img as { bytes: Buffer }).bytes };
    for (let i = 0; i < 100; i++) entries[`many/positive/p${i}.png`] = (img as { bytes: Buffer }).bytes;
    const res = await uploadZip(server.app, token, 'many.zip', await makeZip(entries), id);
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/At most 100 images per upload/);
    await expectNothingWritten(id);
  });
});

describe('list, classify, delete', () => {
  it('lists newest first with a label filter, classifies, deletes rows and files', async () => {
    const id = await addAlgorithm(server, '训练-分类');
    const files = await samples(4, { positive: () => true, seed: 90 });
    const up = await upload(server.app, token, files, { algorithmId: String(id) });
    expect(up.data.counts).toEqual({ total: 4, positive: 0, negative: 0, unclassified: 4 });
    const ids = up.data.list.map((s: { id: number }) => s.id) as number[];
    const classified = await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: ids.slice(0, 3), label: 'negative' } });
    expect(classified.json).toMatchObject({ code: 0, data: { total: 4, positive: 0, negative: 3, unclassified: 1 } });
    const list = await call(server.app, 'POST', '/warehouse/samples/list', { token, body: { algorithmId: id, label: 'negative', pageSize: 2 } });
    expect(list.json.data).toMatchObject({ total: 3, counts: { total: 4, negative: 3 } });
    expect(list.json.data.list).toHaveLength(2);
    const removed = await call(server.app, 'DELETE', '/warehouse/samples/delete', { token, body: { ids: [ids[0]] } });
    expect(removed.json.code).toBe(0);
    expect(await sampleRows(server, id)).toHaveLength(3);
    expect(storedFiles(id)).toHaveLength(6);
    expect((await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [999_999], label: 'positive' } })).json.code).toBe(404);
  });
});

describe('getTrainHealth', () => {
  it('counts, balance, sizes, exact and near duplicates, too-small images', async () => {
    const id = await addAlgorithm(server, '训练-体检');
    const [a, b, c] = await samples(3, { positive: (i) => i === 0, seed: 200 });
    const bytesA = (a as { bytes: Buffer }).bytes;
    const bytesB = (b as { bytes: Buffer }).bytes;
    // Exact copy of a; near copies of b (re-encoded as JPEG, and brighter); a small-sided image (200×200).
    const jpegOfB = await sharp(bytesB).jpeg({ quality: 90 }).toBuffer();
    const brighterB = await sharp(bytesB).modulate({ brightness: 1.1 }).png().toBuffer();
    const small = await drawSample({ positive: false, seed: 210, size: 200 });
    const files = [
      { name: 'a.png', bytes: bytesA },
      { name: 'a_copy.png', bytes: bytesA },
      { name: 'b.png', bytes: bytesB },
      { name: 'b.jpg', bytes: jpegOfB },
      { name: 'b_bright.png', bytes: brighterB },
      { name: 'c.png', bytes: (c as { bytes: Buffer }).bytes },
      { name: 'small.png', bytes: small },
    ];
    const up = await upload(server.app, token, files, { algorithmId: String(id) });
    expect(up.code).toBe(0);
    const idOf = (name: string) => up.data.list.find((s: { fileName: string }) => s.fileName === name).id as number;
    await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [idOf('a.png'), idOf('a_copy.png')], label: 'positive' } });
    await call(server.app, 'PUT', '/warehouse/samples/classify', { token, body: { ids: [idOf('c.png'), idOf('small.png'), idOf('b.png'), idOf('b.jpg')], label: 'negative' } });
    const res = await call(server.app, 'POST', '/warehouse/samples/health', { token, body: { algorithmId: id } });
    expect(res.json.code).toBe(0);
    const h = res.json.data;
    expect(h.counts).toEqual({ total: 7, positive: 2, negative: 4, unclassified: 1 });
    expect(h.balance).toBe(0.5);
    expect(h.width).toEqual({ min: 200, max: 240, mean: expect.any(Number) });
    expect(h.exactDuplicates).toEqual([{ sampleIds: [idOf('a.png'), idOf('a_copy.png')].sort((x, y) => x - y) }]);
    expect(h.nearDuplicates).toEqual([{ sampleIds: [idOf('b.png'), idOf('b.jpg'), idOf('b_bright.png')].sort((x, y) => x - y) }]);
    expect(h.tooSmall).toEqual([idOf('small.png')]);
    expect(h.minSide).toBe(224);
  });
});
