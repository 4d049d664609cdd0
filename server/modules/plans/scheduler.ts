// Runs planned tasks at their times. Every interval it looks for enabled plans whose nextRunAt has come, claims each
// with a compare-and-set on nextRunAt (so several server instances on one database run a plan once), moves
// nextRunAt on (a one-off plan is disabled), then starts or stops the plan's cameras and records lastRunTime,
// lastResult and a run row. A plan whose time passed while the server was down runs once when it comes back.
// The clock is injectable: tests drive tick() with a fake one.
import type { Kysely } from 'kysely';
import type { TaskPlanResult } from '../../db/deviceConfigTables.ts';
import type { Database } from '../../db/types.ts';
import type { Lang } from '../../http/messages.ts';
import { type BatchOutcome, runBatch } from '../devices/analysis.ts';
import { nextRunTime } from './schedule.ts';

export interface Clock {
  now(): Date;
}

export interface SchedulerOptions {
  clock?: Clock;
  intervalMs?: number;
  /** Language of the failure messages recorded in lastResult. */
  lang?: Lang;
  onError?: (error: unknown) => void;
}

const BATCH = 20;

export function resultOf(outcome: BatchOutcome): TaskPlanResult {
  const okCount = outcome.succeeded.length;
  const failCount = outcome.failed.length;
  return {
    status: failCount === 0 ? 'success' : okCount === 0 ? 'failed' : 'partial',
    okCount,
    failCount,
    message: outcome.failed[0]?.msg ?? null,
  };
}

/** Runs a plan's action on its cameras now and records the outcome (the schedule is the caller's business). */
export async function executePlan(db: Kysely<Database>, planId: number, trigger: 'schedule' | 'manual', now: Date, lang: Lang, scheduledFor: Date | null = null) {
  const plan = await db.selectFrom('taskPlans').select(['id', 'action']).where('id', '=', planId).executeTakeFirstOrThrow();
  const cameras = await db.selectFrom('taskPlanCameras').select('deviceId').where('planId', '=', planId).orderBy('deviceId').execute();
  const outcome = await runBatch(db, plan.action, cameras.map((c) => c.deviceId), lang, now);
  const result = resultOf(outcome);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('taskPlans').set({ lastRunAt: now, lastResult: JSON.stringify(result) }).where('id', '=', planId).execute();
    await trx
      .insertInto('taskPlanRuns')
      .values({ planId, triggerKind: trigger, scheduledFor, runAt: now, status: result.status, okCount: result.okCount, failCount: result.failCount, message: result.message?.slice(0, 500) ?? null })
      .execute();
  });
  return outcome;
}

export class PlanScheduler {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly lang: Lang;
  private readonly onError: (error: unknown) => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(db: Kysely<Database>, options: SchedulerOptions = {}) {
    this.db = db;
    this.clock = options.clock ?? { now: () => new Date() };
    this.intervalMs = options.intervalMs ?? 1000;
    this.lang = options.lang ?? 'zh';
    this.onError = options.onError ?? (() => undefined);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch(this.onError)
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref?.();
  }

  /** Runs every plan that is due at the clock's now; answers how many this instance ran. */
  async tick(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await this.db
        .selectFrom('taskPlans')
        .select(['id', 'executeTime', 'weeks', 'onceDate', 'nextRunAt'])
        .where('enabled', '=', true)
        .where('nextRunAt', '<=', now)
        .orderBy('nextRunAt')
        .limit(BATCH)
        .execute();
      for (const plan of due) {
        const next = nextRunTime({ ...plan, enabled: true }, now);
        const claimed = await this.db
          .updateTable('taskPlans')
          .set({ nextRunAt: next, enabled: next !== null || plan.onceDate === null, updatedAt: now })
          .where('id', '=', plan.id)
          .where('enabled', '=', true)
          .where('nextRunAt', '=', plan.nextRunAt!)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) continue; // another instance took it
        await executePlan(this.db, plan.id, 'schedule', now, this.lang, plan.nextRunAt);
        ran++;
      }
      if (due.length < BATCH || this.stopped) return ran;
    }
  }
}

/** The scheduler buildApp runs for the server's lifetime. */
export function startPlanScheduler(db: Kysely<Database>, onError: (error: unknown) => void): PlanScheduler {
  const scheduler = new PlanScheduler(db, { onError });
  scheduler.start();
  return scheduler;
}
