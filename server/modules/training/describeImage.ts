// evaluation: describeImage — asks the configured vision-language model service (an OpenAI-compatible chat
// completions API that takes an image) a question about an image. Without a configured service it says so (409);
// nothing here pretends to be a model. Every call goes to the model-call log.
// The service is only ever sent an image the server read and checked itself — from its own stored files, from the
// bytes of a data URL, or fetched from an http(s) URL through the outbound allow-list (purpose image: bounded in
// size, time and redirects, abandoned when the client leaves) — re-encoded by imageSafety.ts and sent as a data URL.
// A caller's URL never reaches the service (it would fetch it, from inside the network, and say what it saw).
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { ApiError } from '../../http/apiError.ts';
import { clientGoneSignal } from '../../http/clientGone.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { type OutboundPolicy, OutboundRefused } from '../../http/outbound.ts';
import { OutboundCallFailed, outboundRequest } from '../../http/outboundRequest.ts';
import { type FileSigner, fileSigner, SIGNED_FILES_PREFIX } from '../../http/fileSigning.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import { filesRoot, storedFilePath } from '../devices/storedFiles.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { logModelCall } from '../stats/modelCalls.ts';
import { modelServicePolicy, outboundPolicy } from '../system/outboundPolicy.ts';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
const FETCH_REDIRECTS = 3;
const SERVICE_TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The bytes of an image reference that is a data URL, a server path (/files/…) or a private image's signed URL
 * (/files/private/…?exp=&sig=, as the training screens got it; checked with `signer`); 404 a path not found.
 */
export function imageRefBytes(ref: string, dataDir: string, signer?: FileSigner): Buffer {
  let bytes: Buffer;
  const notFound = () => new ApiError(404, 'notFound.record', { entity: 'training.entity.image', id: ref.slice(0, 100) });
  if (ref.startsWith('data:')) {
    bytes = Buffer.from(ref.slice(ref.indexOf(',') + 1), 'base64');
  } else if (ref.startsWith(SIGNED_FILES_PREFIX)) {
    const url = new URL(ref, 'http://argus.invalid');
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(SIGNED_FILES_PREFIX.length));
    } catch {
      throw notFound();
    }
    if (!signer?.verify(relative, url.searchParams.get('exp') ?? undefined, url.searchParams.get('sig') ?? undefined)) throw notFound();
    try {
      bytes = readFileSync(storedFilePath(dataDir, relative));
    } catch {
      throw notFound();
    }
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

/** An external image, fetched through the allow-list within the bounds. */
async function fetchImage(url: string, policy: OutboundPolicy, signal: AbortSignal): Promise<Buffer> {
  try {
    const res = await outboundRequest(url, {
      purpose: 'image',
      policy,
      headers: { accept: 'image/png, image/jpeg, image/webp, image/gif' },
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_IMAGE_BYTES,
      maxRedirects: FETCH_REDIRECTS,
      signal,
    });
    if (res.status !== 200) throw new ApiError(400, 'training.imageFetchFailed', { reason: `HTTP ${res.status}` });
    return res.body;
  } catch (error) {
    if (error instanceof OutboundRefused) throw error.toApiError('image');
    if (error instanceof OutboundCallFailed) {
      if (error.kind === 'tooLarge') throw new ApiError(413, 'upload.tooLarge', { max: '10 MB' });
      throw new ApiError(400, 'training.imageFetchFailed', { reason: error.kind === 'network' ? error.message : error.kind });
    }
    throw error;
  }
}

/** The image as the model service is sent it: a data URL of the server's own re-encoding of checked pixels. */
export async function imageDataUrl(ref: string, dataDir: string, policy: OutboundPolicy, signal: AbortSignal, signer?: FileSigner): Promise<string> {
  const bytes = /^https?:\/\//i.test(ref) ? await fetchImage(ref, policy, signal) : imageRefBytes(ref, dataDir, signer);
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'upload.tooLarge', { max: '10 MB' });
  const image = await safeImage(bytes, IMAGE_BOUNDS.alarmImage, { field: 'image' });
  return `data:${image.mimeType};base64,${image.buffer.toString('base64')}`;
}

function answerText(body: unknown): string | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
  return null;
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

export const describeImageHandlers: HandlerMap = {
  async describeImage({ db, body, services, user, reply }: Ctx<'describeImage'>) {
    const service = services.config.modelService;
    if (!service) throw new ApiError(409, 'training.noModelService');
    const signal = clientGoneSignal(reply);
    const policy = await outboundPolicy(db);
    const imageUrl = await imageDataUrl(body.image, services.config.dataDir, policy, signal, await fileSigner(db));
    const started = performance.now();
    const log = (errorCode: number | null) =>
      logModelCall(db, { model: service.model, operation: 'describeImage', latencyMs: performance.now() - started, errorCode, userName: user?.username ?? null });
    let res: Awaited<ReturnType<typeof outboundRequest>>;
    try {
      res = await outboundRequest(service.url, {
        purpose: 'modelService',
        policy: modelServicePolicy(policy, service.url),
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(service.apiKey ? { authorization: `Bearer ${service.apiKey}` } : {}) },
        body: JSON.stringify({
          model: service.model,
          max_tokens: body.maxTokens ?? 512,
          messages: [{ role: 'user', content: [{ type: 'text', text: body.question }, { type: 'image_url', image_url: { url: imageUrl } }] }],
        }),
        timeoutMs: SERVICE_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        signal,
      });
    } catch (error) {
      await log(500);
      const kind = error instanceof OutboundCallFailed ? error.kind : error instanceof OutboundRefused ? 'refused' : 'network';
      const reason = kind === 'timeout' ? 'timeout' : kind === 'tooLarge' ? 'answer too large' : kind === 'refused' ? 'refused by the outbound allow-list' : 'unreachable';
      throw new ApiError(500, 'training.modelServiceFailed', { reason });
    }
    if (res.status === 429) {
      await log(429);
      throw new ApiError(429, 'training.modelServiceBusy');
    }
    const ok = res.status >= 200 && res.status < 300;
    const text = ok ? answerText(parsed(res.body)) : null;
    if (text === null) {
      await log(500);
      throw new ApiError(500, 'training.modelServiceFailed', { reason: ok ? 'no answer' : `HTTP ${res.status}` });
    }
    await log(null);
    return { text, costMs: Math.round(performance.now() - started) };
  },
};
