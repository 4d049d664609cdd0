// The websockets of the contract's x-websockets: /websocket/{timestamp_userId} and /socketServer/{userId}.
// The upgrade is accepted, then the token (query `token`, browsers cannot set headers) and the path's user are
// checked: 4001 not signed in, 4003 another user or a role without the alarm modules.
import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userFromToken } from '../auth/sessionGuard.ts';
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { pickLang } from '../http/messages.ts';
import { MAX_BOX_MESSAGE_BYTES } from '../modules/edgeBox/boxSocketProtocol.ts';
import { latestSeq } from '../modules/alarms/alarmStore.ts';
import { AlarmConnection, type PushSocket, type PushType } from './alarmConnection.ts';
import { AlarmHub } from './alarmHub.ts';
import { type FanoutListener, listenForAlarms, notifyStatus } from './pgFanout.ts';

/** The modules of the x-websockets entries: a role holding none of them may not subscribe. */
export const PUSH_MODULES = ['actualTimeEvent', 'historyEvent', 'urgentEvent'];
const PUSH_TYPES: PushType[] = ['all', 'violation', 'road', 'urgent'];
/** Client frames are pings and resumes: small (a larger one closes the socket with 1009). */
const MAX_CLIENT_FRAME = 64 * 1024;
const OPEN = 1;

/** The ws WebSocket as this module uses it (the ws package ships no type declarations here). */
interface IncomingSocket extends PushSocket {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'ping' | 'close', listener: () => void): unknown;
}

export async function registerRealtime(app: FastifyInstance, database: DatabaseHandle, config: ServerConfig): Promise<AlarmHub> {
  const origin = randomUUID();
  const crossInstance = database.kind === 'postgres' && Boolean(config.databaseUrl);
  const log = (error: unknown) => app.log.warn({ err: error }, 'realtime');
  const hub = new AlarmHub(database.db, {
    crossInstance,
    origin,
    publishStatus: crossInstance ? (notice) => notifyStatus(database.db, origin, notice) : undefined,
    log,
  });
  await hub.start();
  let listener: FanoutListener | null = null;
  if (crossInstance) {
    listener = await listenForAlarms(config.databaseUrl!, origin, {
      onAlarm: () => hub.alarmsCommitted(),
      onStatus: (notice) => hub.deliverStatus(notice),
      onError: log,
    });
  }

  await app.register(websocket, {
    // One websocket server for every route: its limit is the box socket's (a live fragment); the consoles' sockets
    // keep their own, smaller one (accept below).
    options: { maxPayload: MAX_BOX_MESSAGE_BYTES },
    // Clients are told the server is going away (1001), so they reconnect to another instance or later.
    preClose(done) {
      hub.close().finally(() => {
        for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
        this.websocketServer.close();
        done();
      });
    },
  });
  app.addHook('onClose', async () => {
    await hub.close();
    await listener?.close();
  });

  app.get('/websocket/:timestamp_userId', { websocket: true }, (socket, req) => {
    const path = (req.params as { timestamp_userId: string }).timestamp_userId;
    const match = /^\d{10,13}_([1-9]\d*)$/.exec(path);
    const type = (req.query as { type?: string }).type ?? 'all';
    accept(hub, database, socket, req, match ? Number(match[1]) : null, type);
  });
  app.get('/socketServer/:userId', { websocket: true }, (socket, req) => {
    const path = (req.params as { userId: string }).userId;
    accept(hub, database, socket, req, /^[1-9]\d*$/.test(path) ? Number(path) : null, 'all');
  });
  return hub;
}

function accept(hub: AlarmHub, database: DatabaseHandle, socket: IncomingSocket, req: FastifyRequest, pathUserId: number | null, type: string) {
  // Frames that arrive while the token is checked are kept and handled in order afterwards.
  const early: string[] = [];
  let connection: AlarmConnection | null = null;
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (data.length > MAX_CLIENT_FRAME) return socket.close(1009, 'message too big');
    if (isBinary) return;
    const text = data.toString();
    if (connection) connection.receive(text);
    else if (early.length < 10) early.push(text);
  });
  socket.on('ping', () => {
    if (connection) connection.lastReceivedAt = Date.now();
  });
  socket.on('close', () => connection?.closed());

  (async () => {
    const token = (req.query as { token?: string }).token;
    const user = await userFromToken(database.db, typeof token === 'string' ? token : undefined);
    if (socket.readyState !== OPEN) return;
    if (!user) return socket.close(4001, 'not signed in');
    if (pathUserId !== user.id || !PUSH_MODULES.some((m) => user.modules.has(m))) return socket.close(4003, 'forbidden');
    if (!PUSH_TYPES.includes(type as PushType)) return socket.close(1008, 'unknown type');
    const lastSeq = await latestSeq(database.db);
    if (socket.readyState !== OPEN) return;
    // The console names its language (lang=zh|en): a browser's own Accept-Language may be another one.
    const asked = (req.query as { lang?: string }).lang;
    const lang = asked === 'en' || asked === 'zh' ? asked : pickLang(req.headers['accept-language']);
    connection = new AlarmConnection(socket, hub, user, lang, type as PushType);
    hub.add(connection, lastSeq);
    connection.hello(lastSeq);
    for (const text of early.splice(0)) connection.receive(text);
  })().catch((error) => {
    req.log.warn({ err: error }, 'websocket accept failed');
    if (socket.readyState === OPEN) socket.close(1011, 'server error');
  });
}
