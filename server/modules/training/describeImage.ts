// evaluation: describeImage — asks the configured vision-language model service (an OpenAI-compatible chat
// completions API that takes an image) a question about an image. Without a configured service it says so (409);
// nothing here pretends to be a model. Every call goes to the model-call log.
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { sniffType } from '../../http/uploads.ts';
import { filesRoot } from '../devices/storedFiles.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { logModelCall } from '../stats/modelCalls.ts';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 60_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/** The bytes of an image reference that is a data URL or a server path (/files/…); 404 a path not found. */
export function imageRefBytes(ref: string, dataDir: string): Buffer {
  let bytes: Buffer;
  if (ref.startsWith('data:')) {
    bytes = Buffer.from(ref.slice(ref.indexOf(',') + 1), 'base64');
  } else {
    const root = filesRoot(dataDir);
    const absolute = normalize(join(root, ref.replace(/^\/files\//, '')));
    if (!ref.startsWith('/files/') || !absolute.startsWith(`${root}/`)) throw new ApiError(404, 'notFound.record', { entity: 'training.entity.image', id: ref.slice(0, 100) });
    try {
      bytes = readFileSync(absolute);
    } catch {
      throw new ApiError(404, 'notFound.record', { entity: 'training.entity.image', id: ref.slice(0, 100) });
    }
  }
  return bytes;
}

/** The image as the model service takes it: a data URL, or an http(s) URL passed on as it is. */
export function imageUrlFor(ref: string, dataDir: string): string {
  if (/^https?:\/\//.test(ref)) return ref;
  const bytes = imageRefBytes(ref, dataDir);
  const type = sniffType(bytes);
  if (!type || !IMAGE_TYPES.has(type) || bytes.length > MAX_IMAGE_BYTES) throw new ApiError(400, 'training.imageUndecodable');
  return `data:${type};base64,${bytes.toString('base64')}`;
}

function answerText(body: unknown): string | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
  return null;
}

export const describeImageHandlers: HandlerMap = {
  async describeImage({ db, body, services, user }: Ctx<'describeImage'>) {
    const service = services.config.modelService;
    if (!service) throw new ApiError(409, 'training.noModelService');
    const imageUrl = imageUrlFor(body.image, services.config.dataDir);
    const started = performance.now();
    const log = (errorCode: number | null) =>
      logModelCall(db, { model: service.model, operation: 'describeImage', latencyMs: performance.now() - started, errorCode, userName: user?.username ?? null });
    let res: Response;
    try {
      res = await fetch(service.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(service.apiKey ? { authorization: `Bearer ${service.apiKey}` } : {}) },
        body: JSON.stringify({
          model: service.model,
          max_tokens: body.maxTokens ?? 512,
          messages: [{ role: 'user', content: [{ type: 'text', text: body.question }, { type: 'image_url', image_url: { url: imageUrl } }] }],
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      await log(500);
      const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
      throw new ApiError(500, 'training.modelServiceFailed', { reason });
    }
    if (res.status === 429) {
      await log(429);
      throw new ApiError(429, 'training.modelServiceBusy');
    }
    const text = res.ok ? answerText(await res.json().catch(() => null)) : null;
    if (text === null) {
      await log(500);
      throw new ApiError(500, 'training.modelServiceFailed', { reason: res.ok ? 'no answer' : `HTTP ${res.status}` });
    }
    await log(null);
    return { text, costMs: Math.round(performance.now() - started) };
  },
};
