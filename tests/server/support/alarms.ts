// Helpers of the alarm tests: posting to the ingest API as a box (multipart, in-process), the demo boxes'
// credentials, and alarms stored directly for list/statistics fixtures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/types.ts';
import { formatTime } from '../../../server/http/format.ts';
import { drawSnapshot } from '../../../server/simulator/snapshot.ts';
import type { Envelope } from './client.ts';

export interface DemoBox {
  boxId: number;
  secret: string;
  cameraIds: number[];
}

export function demoBoxes(dataDir: string): DemoBox[] {
  return JSON.parse(readFileSync(join(dataDir, 'demo-boxes.json'), 'utf8')) as DemoBox[];
}

export const SNAPSHOT = drawSnapshot(16, 1);

export interface IngestInput {
  fields?: Record<string, string | undefined>;
  snapshot?: { bytes: Buffer; type?: string; name?: string } | null;
  headers?: Record<string, string>;
  lang?: 'zh' | 'en';
}

/** Valid fields for a box's first camera; override any of them (undefined removes it). */
export function alarmFields(box: DemoBox, overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    cameraId: String(box.cameraIds[0]),
    eventType: '16',
    alarmTime: formatTime(new Date()) as string,
    confidence: '0.87',
    box: JSON.stringify(SNAPSHOT.box),
    attributes: JSON.stringify({ plateNo: '粤B12345', vehicleColor: 2 }),
    ...overrides,
  };
}

export async function ingest(app: FastifyInstance, box: DemoBox | null, input: IngestInput = {}): Promise<{ status: number; json: Envelope }> {
  const form = new FormData();
  const fields = input.fields ?? (box ? alarmFields(box) : {});
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  if (input.snapshot !== null) {
    const snap = input.snapshot ?? { bytes: SNAPSHOT.png, type: 'image/png', name: 'snapshot.png' };
    form.set('snapshot', new Blob([new Uint8Array(snap.bytes)], { type: snap.type ?? 'image/png' }), snap.name ?? 'snapshot.png');
  }
  const encoded = new Response(form);
  const headers: Record<string, string> = {
    'content-type': encoded.headers.get('content-type')!,
    'accept-language': input.lang === 'en' ? 'en' : 'zh-CN',
    ...(box ? { 'x-box-id': String(box.boxId), 'x-box-secret': box.secret } : {}),
    ...input.headers,
  };
  const res = await app.inject({ method: 'POST', url: '/api/ingest/alarm', headers, payload: Buffer.from(await encoded.arrayBuffer()) });
  return { status: res.statusCode, json: JSON.parse(res.body) as Envelope };
}

/** Posts until stored, waiting out the per-box rate limit (429) when tests post in quick succession. */
export async function ingestOk(app: FastifyInstance, box: DemoBox, input: IngestInput = {}): Promise<{ id: number; seq: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await ingest(app, box, input);
    if (res.json.code === 0) return res.json.data;
    if (res.json.code !== 429) throw new Error(`ingest failed: ${res.json.code} ${res.json.msg}`);
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
  }
  throw new Error('ingest kept being rate limited');
}

export interface FixtureAlarm {
  cameraId?: number;
  cameraName?: string;
  eventType?: number;
  alarmTime?: Date;
  status?: number;
  simulated?: boolean;
  sceneId?: number | null;
  sceneName?: string | null;
  handleRemark?: string | null;
  handleUser?: string | null;
  confidence?: number;
}

/** Stores alarms directly (fixtures for lists and statistics), with seqs from the same sequence ingest uses. */
export async function insertAlarms(db: Kysely<Database>, alarms: FixtureAlarm[]): Promise<number[]> {
  if (alarms.length === 0) return [];
  const rows = await db
    .insertInto('alarms')
    .values(
      alarms.map((a) => ({
        seq: sql<number>`nextval('alarm_push_seq')`,
        cameraId: a.cameraId ?? 1,
        cameraName: a.cameraName ?? `camera ${a.cameraId ?? 1}`,
        boxId: 1,
        eventType: a.eventType ?? 16,
        alarmTime: a.alarmTime ?? new Date(),
        confidence: a.confidence ?? 0.9,
        boxX: 10,
        boxY: 10,
        boxW: 50,
        boxH: 40,
        imageWidth: 640,
        imageHeight: 360,
        imagePath: null,
        status: a.status ?? 0,
        handleUser: a.handleUser ?? null,
        handleRemark: a.handleRemark ?? null,
        simulated: a.simulated ?? false,
        sceneId: a.sceneId === undefined ? 1 : a.sceneId,
        sceneName: a.sceneName === undefined ? 'scene 1' : a.sceneName,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
