// Calls of the statistics screens (contract tag stats): alarm trend, outlet and site statistics, large-model
// statistics, resource nodes and history, and their .xlsx exports. Quiet: each screen shows its own failure.
import { api, orThrow } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import type {
  AlarmTrend,
  ModelCallStats,
  ResourceHistory,
  ResourceHistoryQuery,
  SiteStats,
  StatsWindowQuery,
  SystemResourceNode as ResourceNode,
} from '../../api/schema.gen.ts';

export type { StatsWindowQuery, AlarmTrend, SiteStats, ModelCallStats, ResourceNode, ResourceHistory, ResourceHistoryQuery };

export const loadAlarmTrend = (body: StatsWindowQuery, signal: AbortSignal) => orThrow(api.post('/stats/alarmTrend', { body, signal, quiet: true }));
export const loadSiteStats = (body: StatsWindowQuery, signal: AbortSignal) => orThrow(api.post('/stats/configTotal', { body, signal, quiet: true }));
export const loadModelCallStats = (body: StatsWindowQuery, signal: AbortSignal) => orThrow(api.post('/stats/identifyTotal', { body, signal, quiet: true }));

export async function loadResourceNodes(signal: AbortSignal): Promise<ResourceNode[]> {
  const page = await orThrow(api.post('/system/resource/list', { body: { pageNo: 1, pageSize: 500 }, signal, quiet: true }));
  return page.list;
}

export const loadResourceHistory = (body: ResourceHistoryQuery, signal: AbortSignal) => orThrow(api.post('/system/resource/history', { body, signal, quiet: true }));

export type ExportKind = 'alarmTrend' | 'configTotal' | 'identifyTotal';
const EXPORT_PATHS = {
  alarmTrend: '/stats/alarmTrend/export',
  configTotal: '/stats/configTotal/export',
  identifyTotal: '/stats/identifyTotal/export',
} as const;

/** Saves the screen's spreadsheet under the server's file name; a refusal throws with the server's message. */
export async function exportStats(kind: ExportKind, body: StatsWindowQuery): Promise<void> {
  await orThrow(downloadFile(EXPORT_PATHS[kind], body, '', { quiet: true }));
}

export async function exportResourceHistory(body: ResourceHistoryQuery): Promise<void> {
  await orThrow(downloadFile('/system/resource/history/export', body, '', { quiet: true }));
}
