// Helpers of the orchestration tests: drafts through the API, and multipart bodies with several images.
import type { FastifyInstance } from 'fastify';
import { call } from './client.ts';

export async function addDraft(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const res = await call(app, 'POST', '/custom/add', { token, body: { customEventType: 1, ...body } });
  if (res.json.code !== 0) throw new Error(`add failed: ${res.json.msg}`);
  return res.json.data.id as number;
}

export async function getDraft(app: FastifyInstance, token: string, id: number) {
  const res = await call(app, 'POST', '/custom/list', { token, body: { pageSize: 500 } });
  return (res.json.data.list as { id: number }[]).find((r) => r.id === id) as Record<string, any> | undefined;
}

export const promptParam = (prompt: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ identifyObj: { checked: true, prompt, box_threshold: 0.3 }, rule: { match: 'any', minCount: 1 }, ...extra });

/** multipart/form-data with text fields and any number of files under `files`. */
export function imageForm(files: { name: string; bytes: Buffer; type?: string }[], fields: Record<string, string> = {}) {
  const boundary = `----argus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`));
    parts.push(f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function validate(app: FastifyInstance, token: string, form: ReturnType<typeof imageForm>, lang: 'zh' | 'en' = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/custom/validate',
    headers: { token, 'content-type': form.contentType, 'accept-language': lang },
    payload: form.payload,
  });
  return JSON.parse(res.body) as { code: number; msg: string; data: any };
}
