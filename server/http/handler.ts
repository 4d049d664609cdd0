// What an operation handler is given and what it may answer.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { ContractOperation } from '../contract/loadContract.ts';
import type { PollingLoop } from '../jobs/pollingLoop.ts';
import type { BoxSockets } from '../modules/edgeBox/boxSockets.ts';
import type { PushDelivery } from '../modules/push/deliveryLoop.ts';
import type { RetrievalIndex } from '../modules/retrieval/indexLoop.ts';
import type { ResourceSampler } from '../modules/stats/resourceSampler.ts';
import type { TrainRunner } from '../modules/training/trainQueue.ts';
import type { LiveHub } from '../modules/video/liveHub.ts';
import type { AlarmBus } from '../realtime/types.ts';
import type { Lang } from './messages.ts';

export interface SessionUser {
  id: number;
  username: string;
  roleId: number;
  /** Module numbers the user's role holds (menus and buttons). */
  modules: Set<string>;
  tokenHash: string;
}

export interface AppServices {
  config: ServerConfig;
  db: Kysely<Database>;
  /** The websocket alarm push (server/realtime); set by buildApp. */
  realtime?: AlarmBus;
  /** Measures this server's host (server/modules/stats/resourceSampler.ts); set by buildApp. */
  resourceSampler?: ResourceSampler;
  /** The training queue's runner (server/modules/training/trainQueue.ts); set by buildApp. */
  trainRunner?: TrainRunner;
  /** Delivers queued pushes to third-party endpoints (server/modules/push/deliveryLoop.ts); set by buildApp. */
  pushDelivery?: PushDelivery;
  /** Embeds stored alarms for target retrieval (server/modules/retrieval/indexLoop.ts); set by buildApp when on. */
  retrievalIndex?: RetrievalIndex;
  /** The boxes' sockets on this instance (server/modules/edgeBox/boxSockets.ts); set by buildApp. */
  boxSockets?: BoxSockets;
  /** The live viewers per camera (server/modules/video/liveHub.ts); set by buildApp. */
  live?: LiveHub;
  /** Deletes continuous recordings by the retention settings (server/modules/video/recordingRetention.ts). */
  recordingRetention?: PollingLoop;
}

export interface HandlerContext<Body = any, Query = any, Params = any> {
  services: AppServices;
  db: Kysely<Database>;
  req: FastifyRequest;
  reply: FastifyReply;
  operation: ContractOperation;
  user: SessionUser | null;
  lang: Lang;
  body: Body;
  query: Query;
  params: Params;
  ip: string;
}

export type Handler = (ctx: HandlerContext) => Promise<unknown>;
export type HandlerMap = Record<string, Handler>;

/** An envelope with extra top-level fields (the login result puts token, userinfo … beside code and msg). */
export class EnvelopeReply {
  readonly extra: Record<string, unknown>;
  readonly data: unknown;
  constructor(extra: Record<string, unknown>, data: unknown = null) {
    this.extra = extra;
    this.data = data;
  }
}

/** A file download (exports); large stored files are streamed. */
export class FileReply {
  readonly body: Buffer | Readable;
  readonly contentType: string;
  readonly fileName: string;
  constructor(body: Buffer | Readable, contentType: string, fileName: string) {
    this.body = body;
    this.contentType = contentType;
    this.fileName = fileName;
  }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
