// What an operation handler is given and what it may answer.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { ContractOperation } from '../contract/loadContract.ts';
import type { Lang } from './catalogueTypes.ts';

export interface SessionUser {
  id: number;
  username: string;
  roleId: number;
  /** Module numbers the user's role holds (menus and buttons). */
  modules: Set<string>;
  tokenHash: string;
}

/**
 * The services every handler is given. Those of the areas and the websocket push (the push delivery, the training
 * runner …) are added to this interface by server/http/moduleServices.ts, so this module imports no area's code:
 * every handler imports it, and an import back made the areas one import cycle with it (scripts/importCycles.ts).
 */
export interface AppServices {
  config: ServerConfig;
  db: Kysely<Database>;
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
