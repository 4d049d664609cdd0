// video: live view. POST /video/live/open checks the camera can be viewed (a stream, a box that is online and keeps
// its socket here) and answers a one-use ticket URL; GET /video/live/<ticket>.mp4 takes the ticket and streams the
// camera's fragmented MP4 from the live hub until the viewer leaves or the box's stream ends. The GET's refusals
// carry their code as the HTTP status too: the player only reads the status.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { API_PREFIX } from '../../contract/registerOperations.ts';
import { ApiError, type BusinessCode } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { AppServices, HandlerMap } from '../../http/handler.ts';
import { translate } from '../../http/messages.ts';
import { FILES_CSP } from '../../http/securityHeaders.ts';
import { deviceQuery } from '../devices/deviceRecords.ts';
import { type DeviceStreamState, streamStateOf } from '../devices/streamState.ts';
import { isBoxOnline } from '../edgeBox/boxStatus.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { LiveError, type LiveHub, type LiveViewer } from './liveHub.ts';
import { createTicket, TICKET_TTL_MS, takeTicket } from './liveTickets.ts';

/** How long the open call waits for the box to name its stream's codec. */
const CODEC_WAIT_MS = 3000;

interface LiveCamera {
  id: number;
  name: string;
  boxId: number;
}

function liveServices(services: AppServices): LiveHub {
  if (!services.live) throw new Error('the live hub is not running');
  return services.live;
}

/** The camera when it can be viewed live now; otherwise the refusal that says why (httpStatus: see above). */
async function liveCamera(db: Kysely<Database>, services: AppServices, cameraId: number, lang: 'zh' | 'en', asStatus: boolean): Promise<LiveCamera> {
  const refuse = (code: BusinessCode, key: Parameters<typeof translate>[1], params: Record<string, unknown>) => new ApiError(code, key, params, null, asStatus ? code : 200);
  const row = await deviceQuery(db).where('devices.id', '=', cameraId).executeTakeFirst();
  if (!row) {
    const missing = notFound('entity.camera', cameraId);
    throw asStatus ? new ApiError(404, missing.key, missing.params, null, 404) : missing;
  }
  if (row.kind !== 'normal' || !row.rtspUrl) throw refuse(409, 'video.live.noStream', { name: row.name });
  if (row.boxId === null) throw refuse(409, 'video.live.noBox', { name: row.name });
  if (!isBoxOnline(row.boxLastHeartbeatAt, row.boxHeartbeatSeconds)) {
    const since = formatTime(row.boxLastHeartbeatAt) ?? translate(lang, 'video.live.never');
    throw refuse(409, 'video.live.boxOffline', { name: row.name, box: row.boxName ?? row.boxId, since });
  }
  if (!services.boxSockets?.has(row.boxId)) throw refuse(409, 'video.live.noSocket', { box: row.boxName ?? row.boxId });
  // The box says the stream is down (retries used up, or a fault): nothing to watch until it comes back.
  const stream = streamStateOf(row);
  if (stream && (stream.state === 'offline' || stream.state === 'error') && stream.reason === null) {
    throw refuse(409, 'video.live.streamDown', { name: row.name, since: stream.since ?? translate(lang, 'video.live.never'), error: streamDownWhy(stream, lang) });
  }
  return { id: row.id, name: row.name, boxId: row.boxId };
}

/** Why the stream is down in the reader's language: its kind, with the box's words when they say more (ended). */
function streamDownWhy(stream: DeviceStreamState, lang: 'zh' | 'en'): string {
  if (!stream.errorKind) return stream.error ?? stream.state;
  const kind = translate(lang, `video.stream.${stream.errorKind}`);
  return stream.errorKind === 'ended' && stream.error ? `${kind} (${stream.error})` : kind;
}

function liveRefusal(error: unknown, hub: LiveHub, asStatus: boolean): unknown {
  if (!(error instanceof LiveError)) return error;
  const status = (code: BusinessCode) => (asStatus ? code : 200);
  switch (error.reason) {
    case 'cameraFull':
      return new ApiError(429, 'video.live.cameraFull', { max: hub.limits.maxViewersPerCamera }, null, status(429));
    case 'userFull':
      return new ApiError(429, 'video.live.userFull', { max: hub.limits.maxViewersPerUser }, null, status(429));
    case 'noData':
      return new ApiError(409, 'video.live.noData', { seconds: hub.limits.firstDataMs / 1000 }, null, status(409));
    case 'noSocket':
      return new ApiError(409, 'video.live.noSocket', { box: '' }, null, status(409));
    default:
      return new ApiError(409, 'video.live.ended', {}, null, status(409));
  }
}

/** A viewer answering over the HTTP response: its unsent bytes are the socket's write buffer. */
function httpViewer(reply: FastifyReply, userId: number): LiveViewer {
  const raw = reply.raw;
  const open = () => !raw.destroyed && !raw.writableEnded;
  return {
    userId,
    write: (chunk) => {
      if (open()) raw.write(chunk);
    },
    buffered: () => raw.writableLength,
    end: () => {
      if (open()) raw.end();
    },
  };
}

export const liveHandlers: HandlerMap = {
  async openVideoLive({ db, body, user, lang, services }: Ctx<'openVideoLive'>) {
    const hub = liveServices(services);
    const camera = await liveCamera(db, services, body.cameraId, lang, false);
    // The viewer limits are checked now too, so the console says so before it plays.
    try {
      hub.reserve(camera.id, user!.id)();
    } catch (error) {
      throw liveRefusal(error, hub, false);
    }
    const ticket = await createTicket(db, user!, camera.id);
    let stream = null;
    try {
      stream = await hub.prewarm(camera.id, camera.boxId, CODEC_WAIT_MS);
    } catch (error) {
      throw liveRefusal(error, hub, false);
    }
    return {
      url: `${API_PREFIX}/video/live/${ticket}.mp4`,
      codec: stream?.codec ?? null,
      width: stream?.width ?? null,
      height: stream?.height ?? null,
      expiresIn: TICKET_TTL_MS / 1000,
    };
  },

  async getVideoLiveStream({ db, params, req, reply, lang, services }: Ctx<'getVideoLiveStream'>) {
    // A HEAD (which the router answers with this handler) must not use the ticket up.
    if (req.method !== 'GET') throw new ApiError(400, 'video.live.head', {}, null, 405);
    const hub = liveServices(services);
    const { cameraId, user } = await takeTicket(db, params.ticket);
    const camera = await liveCamera(db, services, cameraId, lang, true);
    let release: () => void;
    try {
      release = hub.reserve(camera.id, user.id);
    } catch (error) {
      throw liveRefusal(error, hub, true);
    }
    const left = new AbortController();
    const viewer = httpViewer(reply, user.id);
    const leave = () => {
      left.abort();
      hub.leave(camera.id, viewer);
      release();
    };
    reply.raw.once('close', leave);
    let joined: Awaited<ReturnType<LiveHub['join']>>;
    try {
      joined = await hub.join(camera.id, camera.boxId, viewer, left.signal);
    } catch (error) {
      reply.raw.off('close', leave);
      release();
      throw liveRefusal(error, hub, true);
    }
    // The answer is written by the hub from here on, for as long as the viewer stays.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'video/mp4',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': FILES_CSP,
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'same-origin',
      ...(joined.stream ? { 'x-live-codec': joined.stream.codec } : {}),
    });
    for (const chunk of joined.start) viewer.write(chunk);
    return null;
  },
};
