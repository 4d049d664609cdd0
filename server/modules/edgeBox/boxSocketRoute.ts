// GET /api/ingest/socket (contract x-websockets): the socket a box keeps open to the platform. The upgrade is
// accepted, then the box's id and secret (x-box-id / x-box-secret, as on the box API) are checked: a bad pair
// closes with 4001. Frames that arrive meanwhile are dropped (a box sends nothing before hello).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { API_PREFIX } from '../../contract/registerOperations.ts';
import { authenticateBox } from './boxAuth.ts';
import { CLOSE, MAX_BOX_TEXT_BYTES } from './boxSocketProtocol.ts';
import type { BoxConnection, BoxSocket, BoxSockets } from './boxSockets.ts';
import { DEFAULT_HEARTBEAT_SECONDS } from './boxStatus.ts';

export const BOX_SOCKET_PATH = `${API_PREFIX}/ingest/socket`;
const OPEN = 1;

/** The ws WebSocket as this route uses it. */
interface IncomingBoxSocket extends BoxSocket {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

export function registerBoxSocket(app: FastifyInstance, db: Kysely<Database>, sockets: BoxSockets): void {
  app.get(BOX_SOCKET_PATH, { websocket: true }, (raw, req) => {
    const socket = raw as unknown as IncomingBoxSocket;
    let connection: BoxConnection | null = null;
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!connection) return;
      if (isBinary) sockets.receiveBinary(connection, data);
      else if (data.length <= MAX_BOX_TEXT_BYTES) sockets.receiveText(connection, data.toString());
      else connection.ignored++;
    });
    socket.on('pong', () => {
      if (connection) sockets.pong(connection);
    });
    socket.on('close', () => {
      if (!connection) return;
      sockets.detach(connection);
      // The box is gone (not replaced by its own newer socket): its streams are lost until it is back.
      if (!connection.replaced) {
        const boxId = connection.boxId;
        db.updateTable('edgeBoxes')
          .set({ socketClosedAt: new Date() })
          .where('id', '=', boxId)
          .execute()
          .catch((error: unknown) => req.log.warn({ err: error }, 'box socket close not recorded'));
      }
    });
    (async () => {
      let boxId: number;
      try {
        boxId = await authenticateBox(db, req);
      } catch {
        if (socket.readyState === OPEN) socket.close(CLOSE.badCredentials, 'bad box credentials');
        return;
      }
      const platform = await db.selectFrom('edgeBoxPlatformConfigs').select('heartbeatSeconds').where('boxId', '=', boxId).executeTakeFirst();
      if (socket.readyState !== OPEN) return;
      connection = sockets.attach(boxId, socket, platform?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS);
      await db.updateTable('edgeBoxes').set({ socketOpenedAt: new Date(), socketClosedAt: null }).where('id', '=', boxId).execute();
    })().catch((error) => {
      req.log.warn({ err: error }, 'box socket accept failed');
      if (socket.readyState === OPEN) socket.close(CLOSE.serverError, 'server error');
    });
  });
}
