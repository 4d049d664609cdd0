// The websocket hub: follows the alarms table by seq and fans new alarms out to the connections; pushes status
// changes; closes idle connections and those whose session ended.
//
// The hub never trusts what it was told: a poke (a PostgreSQL notification, or the poll) only makes it read
// `seq > last broadcast` from the database, in order. Because seq is assigned in commit order, that read can
// never skip an alarm that commits later, on this instance or another. An alarm this instance stored comes with
// its row: pushed as is when its seq is the next one (nothing can commit in between), else read like a poke.
import { inEnglish } from '../http/seededNames.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Lang } from '../http/messages.ts';
import { type AlarmRow, toWarnEvent, urgentTypes } from '../modules/alarms/alarmRecords.ts';
import { latestSeq } from '../modules/alarms/alarmStore.ts';
import type { AlarmConnection, ConnectionHub, OutgoingAlarm, PushType } from './alarmConnection.ts';
import type { AlarmBus, StatusNotice } from './types.ts';

export interface HubOptions {
  crossInstance: boolean;
  /** This instance's id in the cross-instance notices. */
  origin: string;
  /** Sends a status change to the other instances (PostgreSQL NOTIFY). */
  publishStatus?: (notice: StatusNotice) => Promise<void>;
  /** Safety poll of the alarms table, for notices lost while reconnecting. */
  pollMs?: number;
  /** How often idle connections and ended sessions are looked for. */
  sweepMs?: number;
  idleMs?: number;
  log?: (error: unknown) => void;
}

const TAIL_BATCH = 500;
const TAIL_DELAY_MS = 3;

export class AlarmHub implements AlarmBus, ConnectionHub {
  readonly crossInstance: boolean;
  readonly origin: string;
  #db: Kysely<Database>;
  #options: HubOptions;
  #seq = 0;
  #urgent: ReadonlySet<number> = new Set();
  #connections = new Set<AlarmConnection>();
  #tailing = false;
  #again = false;
  #closed = false;
  #timers: NodeJS.Timeout[] = [];
  #pokeTimer: NodeJS.Timeout | null = null;

  constructor(db: Kysely<Database>, options: HubOptions) {
    this.#db = db;
    this.#options = options;
    this.crossInstance = options.crossInstance;
    this.origin = options.origin;
  }

  get seq(): number {
    return this.#seq;
  }

  get connections(): ReadonlySet<AlarmConnection> {
    return this.#connections;
  }

  async start(): Promise<void> {
    this.#seq = await latestSeq(this.#db);
    this.#urgent = await urgentTypes(this.#db);
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const timer = setInterval(() => fn().catch((e) => this.#options.log?.(e)), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.#options.pollMs ?? 2000, () => this.#tail());
    every(this.#options.sweepMs ?? 5000, () => this.sweep());
  }

  urgentSet(): ReadonlySet<number> {
    return this.#urgent;
  }

  /** Reads after a short pause, so the commits of a burst are read (and pushed) by one query. */
  alarmsCommitted(): void {
    if (this.#pokeTimer) return;
    this.#pokeTimer = setTimeout(() => {
      this.#pokeTimer = null;
      this.#tail().catch((e) => this.#options.log?.(e));
    }, TAIL_DELAY_MS);
  }

  /**
   * An alarm this instance just stored (committed), with its row. When its seq follows the last broadcast, no
   * other commit (another instance's) and no skipped seq (a rolled-back batch) lies between: it is pushed without
   * reading it back, which was a query per batch under ingest. Otherwise the database is read in order, as after
   * a poke. The urgent flag uses the urgent types as of the last read (the poll reads them every pollMs).
   */
  alarmStored(row: AlarmRow): void {
    if (this.#connections.size === 0) return;
    const seq = Number(row.seq);
    if (seq !== this.#seq + 1) {
      this.alarmsCommitted();
      return;
    }
    this.#seq = seq;
    const alarm = outgoing(row, this.#urgent);
    for (const c of this.#connections) c.offer(alarm);
  }

  async statusChanged(notice: StatusNotice): Promise<void> {
    this.deliverStatus(notice);
    await this.#options.publishStatus?.(notice);
  }

  /** A status change to push to this instance's connections. */
  deliverStatus(notice: StatusNotice): void {
    const frame = Buffer.from(JSON.stringify({ type: 'alarmStatus', data: notice }));
    for (const c of this.#connections) c.offerStatus(frame);
  }

  /**
   * A console past authentication; `lastSeq` is the committed seq its hello announced. While no console is live,
   * nothing needs pushing, so the hub's cursor may skip ahead to it: a console replays what it missed from the
   * database before it goes live, and later consoles do the same.
   */
  add(connection: AlarmConnection, lastSeq: number): void {
    if (this.#closed) {
      connection.close(1001, 'server shutting down');
      return;
    }
    if (![...this.#connections].some((c) => c.state === 'live')) this.#seq = Math.max(this.#seq, lastSeq);
    this.#connections.add(connection);
  }

  remove(connection: AlarmConnection): void {
    this.#connections.delete(connection);
  }

  /** Reads alarms after the last broadcast, in seq order, and offers each to every connection. */
  async #tail(): Promise<void> {
    if (this.#tailing) {
      this.#again = true;
      return;
    }
    this.#tailing = true;
    try {
      do {
        this.#again = false;
        // Nobody to push to: nothing to read (add() moves the cursor on when the first console arrives).
        if (this.#connections.size === 0) continue;
        this.#urgent = await urgentTypes(this.#db);
        const alarms = await this.readAfter(this.#seq, 'all', TAIL_BATCH);
        for (const alarm of alarms) {
          if (alarm.seq <= this.#seq) continue;
          this.#seq = alarm.seq;
          for (const c of this.#connections) c.offer(alarm);
        }
        if (alarms.length === TAIL_BATCH) this.#again = true;
      } while (this.#again && !this.#closed);
    } finally {
      this.#tailing = false;
    }
  }

  /**
   * Alarms after a seq, in seq order, deleted ones flagged (not sent). They are filtered in code, not in SQL: with
   * `deleted_at IS NULL` the partial list indexes become candidates, and on a table without fresh statistics
   * (embedded PGlite has no autovacuum) the planner can pick one and scan it whole instead of the seq index.
   */
  async readAfter(afterSeq: number, type: PushType, limit: number): Promise<OutgoingAlarm[]> {
    let query = this.#db.selectFrom('alarms').selectAll().where('seq', '>', afterSeq);
    if (type === 'violation') query = query.where('eventType', '<=', 50);
    if (type === 'road') query = query.where('eventType', '>=', 1001);
    if (type === 'urgent') query = query.where('eventType', 'in', this.#urgent.size ? [...this.#urgent] : [0]);
    const rows = await query.orderBy('seq').limit(limit).execute();
    const urgent = this.#urgent;
    return rows.map((row) => outgoing(row, urgent));
  }

  /** Closes connections silent for idleMs (1001) and those whose session ended (4001). */
  async sweep(): Promise<void> {
    const idleBefore = Date.now() - (this.#options.idleMs ?? 60_000);
    for (const c of this.#connections) if (c.lastReceivedAt < idleBefore) c.close(1001, 'idle');
    const hashes = [...new Set([...this.#connections].map((c) => c.user.tokenHash))];
    if (hashes.length === 0) return;
    const valid = await this.#db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select('sessions.tokenHash')
      .where('sessions.tokenHash', 'in', hashes)
      .where('sessions.revokedAt', 'is', null)
      .where('sessions.expiresAt', '>', new Date())
      .where('users.status', '=', 1)
      .execute();
    const alive = new Set(valid.map((r) => r.tokenHash));
    for (const c of this.#connections) if (!alive.has(c.user.tokenHash)) c.close(4001, 'session ended');
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const t of this.#timers) clearInterval(t);
    if (this.#pokeTimer) clearTimeout(this.#pokeTimer);
    for (const c of [...this.#connections]) c.close(1001, 'server shutting down');
  }
}

/** An alarm's push message, serialised and encoded once per language on first use, shared by all connections. */
function outgoing(row: AlarmRow, urgent: ReadonlySet<number>): OutgoingAlarm {
  const frames: Partial<Record<Lang, Buffer>> = {};
  const seq = Number(row.seq);
  return {
    seq,
    eventType: row.eventType,
    deleted: row.deletedAt !== null,
    frame(lang) {
      // An English reader's alarm names its seeded camera in English, as the list it joins (http/seededNames.ts).
      frames[lang] ??= Buffer.from(JSON.stringify({ type: 'alarm', seq, data: lang === 'en' ? inEnglish(toWarnEvent(row, lang, urgent)) : toWarnEvent(row, lang, urgent) }));
      return frames[lang];
    },
  };
}
