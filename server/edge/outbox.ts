// Alarms (and their clips) on their way to the platform, kept on disk until the platform acknowledges them, so a
// box killed at any moment (kill -9, power) neither loses nor doubles one. Each alarm is appended to a journal and
// fsynced before it is posted; after a restart every alarm without an acknowledgement in the journal is posted again
// with the same boxEventId, which the platform stores once (ingestAlarm is idempotent per box and boxEventId).
// A clip is written to its own file, fsynced and journaled the same way, and posted once its alarm is acknowledged.
// Journal lines (JSON): alarm {id, fields, snapshot}, acked {id, alarmId}, dropped {id, reason},
// clip {id, fields, file}, clipDone {id}, clipDropped {id, reason}. A torn last line (a crash mid-append) is ignored.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PollingLoop, startPollingLoop } from '../jobs/pollingLoop.ts';
import { type AlarmFields, BoxApiError, type BoxClient, type RecordingFields } from './boxClient.ts';

type Line =
  | { t: 'alarm'; id: string; fields: AlarmFields; snapshot: string }
  | { t: 'acked'; id: string; alarmId: number }
  | { t: 'dropped'; id: string; reason: string }
  | { t: 'clip'; id: string; fields: RecordingFields; file: string }
  | { t: 'clipDone'; id: string }
  | { t: 'clipDropped'; id: string; reason: string };

interface PendingAlarm {
  id: string;
  fields: AlarmFields;
  snapshot: Buffer;
}

interface PendingClip {
  id: string;
  fields: RecordingFields;
  file: string;
}

export type OutboxEvent =
  | { type: 'acked'; boxEventId: string; alarmId: number; ms: number }
  | { type: 'dropped'; boxEventId: string; reason: string }
  | { type: 'clip'; boxEventId: string; ok: boolean; reason?: string }
  | { type: 'retry'; reason: string };

export interface OutboxOptions {
  dir: string;
  client: BoxClient;
  /** How often the sender looks at a backlog it could not send (default 2 s; doubles to 30 s while it fails). */
  pollMs?: number;
  /** Most alarms waiting at once; beyond it a new alarm is refused (the platform has been away a long time). */
  maxPending?: number;
  onEvent?(event: OutboxEvent): void;
}

const JOURNAL = 'journal.jsonl';
/** Past this size, a journal whose entries are all settled is started afresh. */
const COMPACT_BYTES = 4 * 1024 * 1024;

export class Outbox {
  private readonly options: OutboxOptions;
  private readonly alarms = new Map<string, PendingAlarm>();
  private readonly clips = new Map<string, PendingClip>();
  private readonly acked = new Set<string>();
  private journal: FileHandle | null = null;
  private journalBytes = 0;
  private writes: Promise<void> = Promise.resolve();
  private loop: PollingLoop | null = null;
  private retryAt = 0;
  private failures = 0;
  private readonly prefix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  private counter = 0;
  private readonly queuedAt = new Map<string, number>();

  private constructor(options: OutboxOptions) {
    this.options = options;
  }

  /** Opens (or creates) the outbox in `dir`, taking back what a previous run left unsent, and starts sending. */
  static async open(options: OutboxOptions): Promise<Outbox> {
    const outbox = new Outbox(options);
    await outbox.replay();
    outbox.loop = startPollingLoop({
      pollMs: options.pollMs ?? 2000,
      startNow: true,
      drain: (stopped) => outbox.drain(stopped),
      onError: (error) => options.onEvent?.({ type: 'retry', reason: (error as Error).message }),
    });
    return outbox;
  }

  /** A boxEventId no earlier run of this box used: the run's start time and random bytes, then a counter. */
  newEventId(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }

  get pending(): { alarms: number; clips: number } {
    return { alarms: this.alarms.size, clips: this.clips.size };
  }

  /** Every alarm id this outbox has seen acknowledged since it opened (tests and the bench read it). */
  isAcked(boxEventId: string): boolean {
    return this.acked.has(boxEventId);
  }

  /** Journals the alarm (fsynced) and sends it; false when the backlog is full and it was refused. */
  async addAlarm(fields: AlarmFields, snapshot: Buffer): Promise<boolean> {
    if (this.alarms.size >= (this.options.maxPending ?? 5000)) return false;
    await this.append({ t: 'alarm', id: fields.boxEventId, fields, snapshot: snapshot.toString('base64') });
    this.alarms.set(fields.boxEventId, { id: fields.boxEventId, fields, snapshot });
    this.queuedAt.set(fields.boxEventId, performance.now());
    this.loop?.wake();
    return true;
  }

  /** Keeps the clip of an alarm (fsynced file, then the journal) and sends it once the alarm is acknowledged. */
  async addClip(fields: RecordingFields & { boxEventId: string }, clip: Buffer): Promise<void> {
    const file = join(this.options.dir, 'clips', `${fields.boxEventId.replace(/[^A-Za-z0-9._-]/g, '_')}.mp4`);
    await mkdir(join(this.options.dir, 'clips'), { recursive: true });
    const handle = await open(file, 'w');
    try {
      await handle.writeFile(clip);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await this.append({ t: 'clip', id: fields.boxEventId, fields, file });
    this.clips.set(fields.boxEventId, { id: fields.boxEventId, fields, file });
    this.loop?.wake();
  }

  /** Stops sending (what is unsent stays journaled for the next run). */
  async stop(): Promise<void> {
    await this.loop?.stop();
    await this.writes;
    await this.journal?.close();
    this.journal = null;
  }

  private async replay() {
    await mkdir(this.options.dir, { recursive: true });
    const path = join(this.options.dir, JOURNAL);
    if (existsSync(path)) {
      for (const text of readFileSync(path, 'utf8').split('\n')) {
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch {
          continue; // a torn last line: its alarm was never posted (the post follows the fsync)
        }
        this.apply(line);
      }
    }
    // Start the journal again with only what is still pending (fsynced, then renamed over the old one).
    const lines: Line[] = [
      ...[...this.alarms.values()].map((a): Line => ({ t: 'alarm', id: a.id, fields: a.fields, snapshot: a.snapshot.toString('base64') })),
      ...[...this.clips.values()].map((c): Line => ({ t: 'clip', id: c.id, fields: c.fields, file: c.file })),
    ];
    await this.rewrite(lines);
  }

  private apply(line: Line) {
    switch (line.t) {
      case 'alarm':
        this.alarms.set(line.id, { id: line.id, fields: line.fields, snapshot: Buffer.from(line.snapshot, 'base64') });
        break;
      case 'acked':
      case 'dropped':
        this.alarms.delete(line.id);
        if (line.t === 'acked') this.remember(line.id);
        break;
      case 'clip':
        if (existsSync(line.file)) this.clips.set(line.id, { id: line.id, fields: line.fields, file: line.file });
        break;
      case 'clipDone':
      case 'clipDropped':
        this.clips.delete(line.id);
        break;
    }
  }

  /** The acknowledged ids, the latest 10,000 (a long run must not grow this without bound). */
  private remember(id: string) {
    this.acked.add(id);
    if (this.acked.size > 10_000) this.acked.delete(this.acked.values().next().value as string);
  }

  private async rewrite(lines: Line[]) {
    const path = join(this.options.dir, JOURNAL);
    const temp = `${path}.new`;
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    await writeFile(temp, text);
    const handle = await open(temp, 'r+');
    await handle.datasync();
    await handle.close();
    await this.journal?.close();
    await rename(temp, path);
    this.journal = await open(path, 'a');
    this.journalBytes = Buffer.byteLength(text);
  }

  /** Appends a line and waits until it is on disk. */
  private append(line: Line): Promise<void> {
    const next = this.writes.then(async () => {
      if (!this.journal) throw new Error('the outbox is closed');
      const text = `${JSON.stringify(line)}\n`;
      await this.journal.write(text);
      await this.journal.datasync();
      this.journalBytes += Buffer.byteLength(text);
    });
    this.writes = next.catch(() => undefined);
    return next;
  }

  private async drain(stopped: () => boolean) {
    if (Date.now() < this.retryAt) return;
    try {
      for (const alarm of [...this.alarms.values()]) {
        if (stopped()) return;
        await this.sendAlarm(alarm);
      }
      for (const clip of [...this.clips.values()]) {
        if (stopped()) return;
        if (this.alarms.has(clip.id)) continue; // its alarm is not acknowledged yet
        await this.sendClip(clip);
      }
      this.failures = 0;
      this.retryAt = 0;
    } catch (error) {
      if (!(error instanceof BoxApiError) || !error.retryable) throw error;
      // The platform is away or busy: the backlog waits, longer each time (2 s doubling to 30 s).
      this.failures += 1;
      this.retryAt = Date.now() + Math.min(30_000, 1000 * 2 ** this.failures);
      this.options.onEvent?.({ type: 'retry', reason: error.message });
      return;
    }
    if (this.alarms.size === 0 && this.clips.size === 0 && this.journalBytes > COMPACT_BYTES) {
      await this.writes;
      await this.rewrite([]);
    }
  }

  private async sendAlarm(alarm: PendingAlarm) {
    try {
      const answer = await this.options.client.postAlarm(alarm.fields, alarm.snapshot);
      await this.append({ t: 'acked', id: alarm.id, alarmId: answer.id });
      this.alarms.delete(alarm.id);
      this.remember(alarm.id);
      const queued = this.queuedAt.get(alarm.id);
      this.queuedAt.delete(alarm.id);
      this.options.onEvent?.({ type: 'acked', boxEventId: alarm.id, alarmId: answer.id, ms: queued === undefined ? -1 : performance.now() - queued });
    } catch (error) {
      if (error instanceof BoxApiError && !error.retryable) {
        // Refused for good (camera not this box's, event disabled …): kept no longer, said once.
        await this.append({ t: 'dropped', id: alarm.id, reason: error.message });
        this.alarms.delete(alarm.id);
        this.options.onEvent?.({ type: 'dropped', boxEventId: alarm.id, reason: error.message });
        const clip = this.clips.get(alarm.id);
        if (clip) await this.settleClip(clip, `its alarm was refused: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  private async sendClip(clip: PendingClip) {
    try {
      await this.options.client.postRecording(clip.fields, clip.file);
      await this.settleClip(clip, null);
    } catch (error) {
      if (error instanceof BoxApiError && !error.retryable) return this.settleClip(clip, error.message);
      throw error;
    }
  }

  private async settleClip(clip: PendingClip, refusal: string | null) {
    await this.append(refusal === null ? { t: 'clipDone', id: clip.id } : { t: 'clipDropped', id: clip.id, reason: refusal });
    this.clips.delete(clip.id);
    await rm(clip.file, { force: true });
    this.options.onEvent?.({ type: 'clip', boxEventId: clip.id, ok: refusal === null, ...(refusal ? { reason: refusal } : {}) });
  }
}
