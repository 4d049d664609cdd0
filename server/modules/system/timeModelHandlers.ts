// system: time models (/timeModel/*) — named weekly schedules (days 1 Monday … 7 Sunday, windows that may cross
// midnight and must not overlap). A model a detection task runs on is not deleted.
import { sql } from 'kysely';
import { ApiError } from '../../http/apiError.ts';
import { formatTime, pageOf } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import type { TimeWindow } from '../../db/catalogueTables.ts';
import { type Db, duplicate, guardUnique, inUse, json, lockRows } from '../catalogue/records.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult } from '../shared/records.ts';

const DAY = 86400;
const seconds = (time: string) => {
  const [h, m, s] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/** A window as half-open second ranges within a day ([start, end), split at midnight when it crosses it). */
function ranges(w: TimeWindow): [number, number][] {
  const start = seconds(w.startTime);
  const end = seconds(w.endTime);
  return end > start ? [[start, end]] : [[start, DAY], [0, end]];
}

/** 400 for a repeated day, an empty window or two windows that overlap. */
export function checkSchedule(weeks: number[] | undefined, times: TimeWindow[] | undefined): void {
  if (weeks) {
    const seen = new Set<number>();
    for (const day of weeks) {
      if (seen.has(day)) throw new ApiError(400, 'catalogue.repeatedDay', { day });
      seen.add(day);
    }
  }
  if (!times) return;
  const label = (w: TimeWindow) => `${w.startTime}–${w.endTime}`;
  for (const w of times) if (w.startTime === w.endTime) throw new ApiError(400, 'catalogue.emptyWindow', { window: label(w) });
  for (let i = 0; i < times.length; i++) {
    for (let j = i + 1; j < times.length; j++) {
      const overlap = ranges(times[i]).some(([a, b]) => ranges(times[j]).some(([c, d]) => a < d && c < b));
      if (overlap) throw new ApiError(400, 'catalogue.overlap', { a: label(times[i]), b: label(times[j]) });
    }
  }
}

async function nameTaken(db: Db, name: string, ownId: number) {
  return Boolean(await db.selectFrom('timeModels').select('id').where('name', '=', name).where('id', '!=', ownId).executeTakeFirst());
}

const usedCount = sql<string>`(SELECT count(*) FROM detection_tasks d WHERE d.time_model_id = tm.id)`;

export const timeModelHandlers: HandlerMap = {
  async listTimeModels({ db, body }: Ctx<'listTimeModels'>) {
    const page = pageOf(body);
    let q = db.selectFrom('timeModels as tm');
    const name = body.name?.trim();
    if (name) q = q.where('tm.name', 'ilike', containsPattern(name));
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('tm').select(usedCount.as('usedCount')).orderBy('tm.name').orderBy('tm.id').limit(page.pageSize).offset(page.offset).execute();
    const list = rows.map(
      (r): Schema<'SystemTimeModel'> => ({
        id: r.id,
        name: r.name,
        weeks: r.weeks,
        times: r.times,
        remark: r.remark,
        usedCount: Number(r.usedCount),
        createTime: formatTime(r.createdAt) as string,
      }),
    );
    return pageResult(list, total as string, page);
  },

  async addTimeModel({ db, body }: Ctx<'addTimeModel'>) {
    const name = body.name.trim();
    const weeks = body.weeks ?? [1, 2, 3, 4, 5];
    checkSchedule(weeks, body.times);
    if (await nameTaken(db, name, 0)) throw duplicate('catalogue.field.name', name);
    const row = await guardUnique('catalogue.field.name', name, () =>
      db
        .insertInto('timeModels')
        .values({ name, weeks: json([...weeks].sort()), times: json(body.times), remark: body.remark ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: row.id };
  },

  async updateTimeModel({ db, body }: Ctx<'updateTimeModel'>) {
    checkSchedule(body.weeks, body.times);
    await db.transaction().execute(async (trx) => {
      const { rows } = await lockRows(trx, 'timeModels', [body.id], 'catalogue.entity.timeModel');
      const name = body.name?.trim() ?? rows[0].name;
      if (await nameTaken(trx, name, body.id)) throw duplicate('catalogue.field.name', name);
      await guardUnique('catalogue.field.name', name, () =>
        trx
          .updateTable('timeModels')
          .set({
            name,
            ...(body.weeks ? { weeks: json([...body.weeks].sort()) } : {}),
            ...(body.times ? { times: json(body.times) } : {}),
            ...(body.remark !== undefined ? { remark: body.remark } : {}),
            updatedAt: new Date(),
          })
          .where('id', '=', body.id)
          .execute(),
      );
    });
    return null;
  },

  async deleteTimeModels({ db, body }: Ctx<'deleteTimeModels'>) {
    await db.transaction().execute(async (trx) => {
      const { ids, rows } = await lockRows(trx, 'timeModels', body.ids, 'catalogue.entity.timeModel');
      for (const row of rows) {
        const { n } = await trx.selectFrom('detectionTasks').select((eb) => eb.fn.countAll().as('n')).where('timeModelId', '=', row.id).executeTakeFirstOrThrow();
        if (Number(n) > 0) throw inUse('catalogue.entity.timeModel', row.name, n as string, 'catalogue.what.tasks');
      }
      await trx.deleteFrom('timeModels').where('id', 'in', ids).execute();
    });
    return null;
  },
};
