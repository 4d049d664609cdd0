// Fan-out across server instances on one PostgreSQL: a dedicated client LISTENs on the alarm channels.
// An alarm insert NOTIFYs (inside its transaction, so the notice arrives once it is committed) with the id of the
// instance that stored it, and every other instance's hub reads the new alarms by seq; status changes travel as JSON tagged with their origin instance.
// The notices only wake the hubs up; the data is always read from the database, so a lost notice costs a
// delay (the hub also polls), never an alarm.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { ALARM_CHANNEL, STATUS_CHANNEL, type StatusNotice } from './types.ts';

export interface FanoutListener {
  close(): Promise<void>;
}

interface Handlers {
  onAlarm(): void;
  onStatus(notice: StatusNotice): void;
  onError(error: Error): void;
}

const RECONNECT_MS = 1000;
/** NOTIFY payloads are limited to 8000 bytes: long id lists go in several notices. */
const IDS_PER_NOTICE = 500;

export async function listenForAlarms(url: string, origin: string, handlers: Handlers): Promise<FanoutListener> {
  return listenChannels(url, {
    channels: {
      // An alarm notice names the instance that committed. This instance's own commits reach its hub with their
      // rows (alarmStored), which reads the database itself when a row does not follow the last one pushed; read
      // back, each of its batches cost the hub two more queries.
      [ALARM_CHANNEL]: (payload) => {
        if (payload !== origin) handlers.onAlarm();
      },
      [STATUS_CHANNEL]: (payload) => {
        if (!payload) return;
        try {
          const { from, notice } = JSON.parse(payload) as { from: string; notice: StatusNotice };
          if (from !== origin) handlers.onStatus(notice);
        } catch (error) {
          handlers.onError(error as Error);
        }
      },
    },
    // Whatever was committed while no one listened is read now.
    onConnected: () => handlers.onAlarm(),
    onError: handlers.onError,
  });
}

export interface ChannelHandlers {
  /** Payload handlers by channel name (plain identifiers: they are written into LISTEN). */
  channels: Record<string, (payload: string) => void>;
  /** After each (re)connection, once LISTEN is in place: what was notified meanwhile was missed. */
  onConnected?(): void;
  onError(error: Error): void;
}

/** A dedicated client LISTENing on the channels, reconnecting after a second when its connection is lost. */
export async function listenChannels(url: string, handlers: ChannelHandlers): Promise<FanoutListener> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => handlers.channels[msg.channel]?.(msg.payload ?? ''));
    c.on('error', (error) => {
      handlers.onError(error);
      scheduleReconnect(c);
    });
    c.on('end', () => scheduleReconnect(c));
    await c.connect();
    for (const channel of Object.keys(handlers.channels)) await c.query(`LISTEN ${channel}`);
    client = c;
    handlers.onConnected?.();
  };

  const scheduleReconnect = (c: InstanceType<typeof pg.Client>) => {
    if (closed || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    const attempt = () => {
      retry = setTimeout(async () => {
        retry = null;
        if (closed) return;
        try {
          await connect();
        } catch (error) {
          handlers.onError(error as Error);
          attempt();
        }
      }, RECONNECT_MS);
    };
    attempt();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** Tells the other instances about a status change. */
export async function notifyStatus(db: Kysely<Database>, origin: string, notice: StatusNotice): Promise<void> {
  for (let i = 0; i < notice.ids.length; i += IDS_PER_NOTICE) {
    const part = { ...notice, ids: notice.ids.slice(i, i + IDS_PER_NOTICE) };
    await sql`SELECT pg_notify(${STATUS_CHANNEL}, ${JSON.stringify({ from: origin, notice: part })})`.execute(db);
  }
}
