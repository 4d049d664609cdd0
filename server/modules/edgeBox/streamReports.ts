// The box's reports of its camera streams (the heartbeat's `streams`, EdgeStreamReport): the latest report of each
// camera is kept on the device (devices.stream_report, the report as the contract validated it, and
// stream_reported_at, when the platform received it), in one statement per heartbeat. A report of a camera that is
// not bound to the reporting box changes nothing.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Schema } from '../shared/contractTypes.ts';

export type StreamReport = Schema<'EdgeStreamReport'>;

/** Stores the reports (the last of a camera in the list wins); answers the ids of the cameras updated. */
export async function storeStreamReports(trx: Transaction<Database>, boxId: number, reports: StreamReport[], now: Date): Promise<number[]> {
  if (reports.length === 0) return [];
  const latest = [...new Map(reports.map((r) => [r.cameraId, r] as const)).values()];
  const result = await sql<{ id: number }>`
    UPDATE devices AS d SET stream_report = r.report, stream_reported_at = ${now}
    FROM jsonb_array_elements(${JSON.stringify(latest)}::jsonb) AS r(report)
    WHERE d.id = (r.report->>'cameraId')::int AND d.box_id = ${boxId}
    RETURNING d.id`.execute(trx);
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}
