// Alarm exports (§7 blob exports, §5 page limits): the spreadsheet is saved under the server's file name
// (alarms-<time>.xlsx, or alarms-<time>.zip with the images; event-statistics-<time>.xlsx). A refusal throws with the server's message.
import { orThrow } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import type { EventStatsExportQuery } from '../../api/schema.gen.ts';
import type { WarnEventExportQuery } from './alarmsApi.ts';

export type { EventStatsExportQuery };

/** An export with images holds at most this many alarms (the server refuses more). */
export const IMAGE_EXPORT_MAX_ROWS = 500;

export async function exportAlarms(query: WarnEventExportQuery): Promise<void> {
  await orThrow(downloadFile('/warn/event/export', query, '', { quiet: true }));
}

export async function exportEventStatistics(query: EventStatsExportQuery): Promise<void> {
  await orThrow(downloadFile('/event/export', query, '', { quiet: true }));
}
