// getFlowStats: passenger flow of a window, in and out per hour or day, and per group (site, unit, outlet = edge
// box, or counting line) with each group's busiest hour. One grouped query over the window's minutes.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';
import { TIME_ZONE } from './statsQueries.ts';
import { bucketKeys, statsWindow } from './statsWindow.ts';

export type FlowStats = Schema<'FlowStats'>;
type Query = Schema<'FlowStatsQuery'>;

const GROUPS = {
  site: { key: sql<string | null>`d.scene_id::text`, name: sql<string | null>`s.scene_name` },
  unit: { key: sql<string | null>`u.id::text`, name: sql<string | null>`u.name` },
  outlet: { key: sql<string | null>`f.box_id::text`, name: sql<string | null>`b.name` },
  line: { key: sql<string | null>`f.line`, name: sql<string | null>`f.line` },
};

export async function flowStats(db: Kysely<Database>, body: Query, noneName: string): Promise<FlowStats> {
  const window = statsWindow(body);
  const until = new Date(window.end.getTime() + 1000);
  const group = GROUPS[body.groupBy];
  const hour = sql<string>`to_char(f.minute AT TIME ZONE ${sql.lit(TIME_ZONE)}, 'YYYY-MM-DD HH24:00')`;
  const { rows } = await sql<{ key: string | null; name: string | null; direction: number; hour: string; n: string }>`
    SELECT ${group.key} AS key, max(${group.name}) AS name, f.direction, ${hour} AS hour, sum(f.count) AS n
      FROM flow_counts f
      LEFT JOIN devices d ON d.id = f.camera_id
      LEFT JOIN scenes s ON s.id = d.scene_id
      LEFT JOIN camera_entries ce ON ce.device_id = f.camera_id
      LEFT JOIN ctrl_units u ON u.id = ce.ctrl_unit_id
      LEFT JOIN edge_boxes b ON b.id = f.box_id
     WHERE f.minute >= ${window.start} AND f.minute < ${until}
       ${body.includeSimulated ? sql`` : sql`AND NOT f.simulated`}
     GROUP BY 1, 3, 4`.execute(db);

  const keys = bucketKeys(window);
  const index = new Map(keys.map((k, i) => [k, i]));
  const points = keys.map((time) => ({ time, in: 0, out: 0 }));
  const groups = new Map<string, { key: string | null; name: string; in: number; out: number; perHour: Map<string, number> }>();
  for (const r of rows) {
    const n = Number(r.n);
    const bucket = window.granularity === 'hour' ? r.hour : r.hour.slice(0, 10);
    const point = points[index.get(bucket) ?? -1];
    if (point) point[r.direction === 1 ? 'in' : 'out'] += n;
    const id = r.key ?? '';
    const g = groups.get(id) ?? { key: r.key, name: r.name ?? (r.key === null ? noneName : r.key), in: 0, out: 0, perHour: new Map() };
    g[r.direction === 1 ? 'in' : 'out'] += n;
    g.perHour.set(r.hour, (g.perHour.get(r.hour) ?? 0) + n);
    groups.set(id, g);
  }
  const list = [...groups.values()]
    .map((g) => {
      let peak: [string, number] | null = null;
      for (const entry of g.perHour) if (!peak || entry[1] > peak[1] || (entry[1] === peak[1] && entry[0] < peak[0])) peak = entry;
      return { key: g.key, name: g.name, in: g.in, out: g.out, peakHour: peak?.[0] ?? null, peakCount: peak?.[1] ?? 0 };
    })
    .sort((a, b) => b.in + b.out - (a.in + a.out) || a.name.localeCompare(b.name, 'zh'));
  return {
    granularity: window.granularity,
    totalIn: list.reduce((s, g) => s + g.in, 0),
    totalOut: list.reduce((s, g) => s + g.out, 0),
    points,
    groups: list,
  };
}
