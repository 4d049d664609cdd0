// Helpers of the device-configuration tests: calls that must succeed, a camera added through the API, a box made
// online by a heartbeat, multipart bodies for uploads.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { recordBoxHeartbeat } from '../../../server/modules/edgeBox/boxStatus.ts';
import type { TestServer } from './testServer.ts';
import { type CallOptions, call } from './client.ts';

/** Calls and expects code 0; answers data. */
export async function ok<T = any>(app: FastifyInstance, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const res = await call<T>(app, method, path, options);
  expect(res.json, `${method} ${path}: ${res.json.msg}`).toMatchObject({ code: 0 });
  return res.json.data;
}

/** Calls and expects a business error code; answers the message. */
export async function fails(app: FastifyInstance, method: string, path: string, code: number, options: CallOptions = {}): Promise<string> {
  const res = await call(app, method, path, options);
  expect(res.json.code, `${method} ${path} answered ${res.json.code}: ${res.json.msg}`).toBe(code);
  return res.json.msg;
}

let counter = 0;
/** Adds a live camera through the API (unique name and serial); answers its id. */
export async function addCamera(app: FastifyInstance, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  counter++;
  const body = { name: `test-camera-${counter}-${Date.now()}`, kind: 'normal', serialnumber: `T-${counter}-${Date.now()}`, rtspUrl: 'rtsp://198.51.100.7:554/live', ...fields };
  const data = await ok<{ id: number }>(app, 'POST', '/device/add', { token, body });
  return data.id;
}

/** Gives a camera a frame size, as a snapshot would. */
export async function setFrame(server: TestServer, id: number, width = 1920, height = 1080) {
  await server.database.db.updateTable('devices').set({ width, height }).where('id', '=', id).execute();
}

export async function heartbeat(server: TestServer, boxId: number, at = new Date()) {
  return recordBoxHeartbeat(server.database.db, boxId, {}, at);
}

/** POST /api/ingest/heartbeat as the box does it (its id and secret in the headers); answers the envelope. */
export async function postHeartbeat(server: TestServer, box: { id: number; secret: string }, body: Record<string, unknown> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/ingest/heartbeat',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-box-id': String(box.id), 'x-box-secret': box.secret },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}

/** A heartbeat through the box API that must succeed; answers its data (the heartbeat answer). */
export async function boxHeartbeat<T = any>(server: TestServer, box: { id: number; secret: string }, body: Record<string, unknown> = {}): Promise<T> {
  const json = await postHeartbeat(server, box, body);
  expect(json.code, json.msg).toBe(0);
  return json.data as T;
}

/** A multipart/form-data body with one file and text fields. */
export function multipart(file: { field: string; name: string; type: string; bytes: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(app: FastifyInstance, token: string, path: string, body: ReturnType<typeof multipart>, lang: 'zh' | 'en' = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { token, 'content-type': body.contentType, 'accept-language': lang },
    payload: body.payload,
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}
