// getModelCallStats: the model call log of a window, per model and operation (calls, failures, success rate,
// latency average and 95th percentile) and per day.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { TIME_ZONE } from './statsQueries.ts';
import { bucketKeys, statsWindow } from './statsWindow.ts';

export type ModelCallStats = Schema<'ModelCallStats'>;

export async function modelCallStats(db: Kysely<Database>, body: Schema<'StatsWindowQuery'>): Promise<ModelCallStats> {
  const window = statsWindow(body);
  const until = new Date(window.end.getTime() + 1000);
  let base = db.selectFrom('modelCalls').where('calledAt', '>=', window.start).where('calledAt', '<', until);
  if (!body.includeSimulated) base = base.where('simulated', '=', false);
  const day = sql<string>`to_char(called_at AT TIME ZONE ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD')`;
  const [models, days] = await Promise.all([
    base
      .select([
        'model',
        'operation',
        sql<string>`count(*)`.as('calls'),
        sql<string>`count(*) FILTER (WHERE NOT ok)`.as('failed'),
        sql<string>`avg(latency_ms)`.as('avg'),
        sql<string>`percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms)`.as('p95'),
      ])
      .groupBy(['model', 'operation'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('model')
      .limit(100)
      .execute(),
    base
      .select([day.as('day'), sql<string>`count(*)`.as('calls'), sql<string>`count(*) FILTER (WHERE NOT ok)`.as('failed')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  const perDay = new Map(days.map((d) => [d.day, d]));
  const dayKeys = bucketKeys({ ...window, granularity: 'day' });
  const round = (v: string | number) => Math.round(Number(v) * 10) / 10;
  return {
    total: models.reduce((s, m) => s + Number(m.calls), 0),
    models: models.map((m) => ({
      model: m.model,
      operation: m.operation,
      calls: Number(m.calls),
      failed: Number(m.failed),
      successRate: Math.round(((Number(m.calls) - Number(m.failed)) / Number(m.calls)) * 10000) / 10000,
      latencyAvgMs: round(m.avg),
      latencyP95Ms: round(m.p95),
    })),
    perDay: dayKeys.map((date) => ({ date, calls: Number(perDay.get(date)?.calls ?? 0), failed: Number(perDay.get(date)?.failed ?? 0) })),
  };
}
