// Helpers of the training tests: a published warehouse algorithm to train, labelled images, multipart bodies for
// the sample uploads, zips built with jszip (and patched to be hostile), and a poll for a training's end.
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { vi } from 'vitest';
import type { Schema } from '../../../server/modules/shared/contractTypes.ts';
import { storeVersion } from '../../../server/modules/training/versionStore.ts';
import type { TestServer } from './testServer.ts';
import { call } from './client.ts';
import { imageForm } from './orchestration.ts';
import { drawSample } from './trainImages.ts';

let nextEvent = 0;

/** A published setup event (a warehouse algorithm) of its own, so each test's samples start empty. */
export async function addAlgorithm(server: TestServer, name: string): Promise<number> {
  nextEvent++;
  const row = await server.database.db
    .insertInto('setupEvents')
    .values({
      name,
      customEventType: 3,
      userName: 'admin',
      sataus: 1,
      eventId: 90_000 + Math.floor(Math.random() * 9_000) * 10 + nextEvent,
      publishedVersion: '1.0.0',
      publishedAt: new Date(),
      buttonType: 'train',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Features of the versions addTrainedVersion stores. */
export const TRAINED_VERSION_DIM = 8;

/** A classifier and the extractor it reads, as a version stores them. */
export interface StoredClassifier {
  classifier: { mean: number[]; std: number[]; weights: number[]; bias: number };
  extractor: string;
  extractorHash: string;
}

/** A version stored as a training stores one (unpublished). By default a classifier of TRAINED_VERSION_DIM features
 *  of a made-up extractor, for what does not depend on how good it is; `model` gives the classifier it stores. */
export async function addTrainedVersion(server: TestServer, algorithmId: number, name: string, threshold = 0.5, model?: StoredClassifier): Promise<number> {
  const dim = TRAINED_VERSION_DIM;
  const made = model ?? {
    classifier: { mean: Array(dim).fill(0.1), std: Array(dim).fill(1), weights: Array.from({ length: dim }, (_, i) => i / 10), bias: -0.2 },
    extractor: 'test-extractor',
    extractorHash: 'a'.repeat(64),
  };
  const written = { path: null as string | null };
  const stored = await server.database.db.transaction().execute((trx) =>
    storeVersion(
      trx,
      server.config.dataDir,
      {
        algorithm: { id: algorithmId, name, eventId: null },
        jobId: null,
        source: 'import',
        classifier: { ...made.classifier, threshold },
        threshold,
        extractor: made.extractor,
        extractorHash: made.extractorHash,
        report: {} as Schema<'TrainReport'>,
        samples: [],
        positiveCount: 4,
        negativeCount: 4,
        userName: 'admin',
      },
      written,
    ),
  );
  return stored.id;
}

export async function samples(count: number, options: { positive: (i: number) => boolean; seed: number; format?: 'png' | 'jpeg' }) {
  const out: { name: string; bytes: Buffer; positive: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const positive = options.positive(i);
    const format = options.format ?? 'png';
    out.push({ name: `img_${options.seed}_${i}.${format === 'png' ? 'png' : 'jpg'}`, bytes: await drawSample({ positive, seed: options.seed + i, format }), positive });
  }
  return out;
}

export async function upload(app: FastifyInstance, token: string, files: { name: string; bytes: Buffer }[], fields: Record<string, string>, lang: 'zh' | 'en' = 'en') {
  const form = imageForm(files, fields);
  const res = await app.inject({
    method: 'POST',
    url: '/api/warehouse/uploadAdjustmentFile',
    headers: { token, 'content-type': form.contentType, 'accept-language': lang },
    payload: form.payload,
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

export async function uploadZip(app: FastifyInstance, token: string, zipName: string, bytes: Buffer, algorithmId: number, lang: 'zh' | 'en' = 'en') {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="algorithmId"\r\n\r\n${algorithmId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${zipName}"\r\nContent-Type: application/zip\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/warehouse/uploadAdjustmentFileZip',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
    payload,
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

export async function makeZip(entries: Record<string, Buffer | string | null>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) {
    if (content === null) zip.folder(name);
    else zip.file(name, content, { createFolders: false });
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Rewrites every central-directory entry's declared uncompressed size (a zip bomb's header, without its bytes). */
export function declareHugeSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 46 <= out.length; at++) {
    if (out.readUInt32LE(at) === 0x02014b50) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

export async function sampleRows(server: TestServer, algorithmId: number) {
  return server.database.db.selectFrom('trainSamples').selectAll().where('algorithmId', '=', algorithmId).execute();
}

/** Polls the training until it ends (state 2 or 3) and answers its last progress. */
export async function waitForTraining(app: FastifyInstance, token: string, taskId: number, timeout = 60_000) {
  return vi.waitFor(
    async () => {
      const res = await call(app, 'GET', `/warehouse/train/progress/${taskId}`, { token, lang: 'en' });
      if (res.json.code !== 0 || res.json.data.state < 2) throw new Error(`training ${taskId} not ended: ${JSON.stringify(res.json.data)}`);
      return res.json.data;
    },
    { timeout, interval: 100 },
  );
}
