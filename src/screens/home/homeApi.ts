// Calls of the home dashboards: the traffic overview (contract getHomeOverview) and the algorithm summary
// (getAlgorithmHomeSummary). Quiet: each dashboard shows its own failure.
import { api, orThrow } from '../../api/client.ts';
import type { AlgoHomeSummary, HomeOverview, WarnEventTypeId as TypeId } from '../../api/schema.gen.ts';

export type { HomeOverview, AlgoHomeSummary };

export const TREND_DAYS = 7;

export function loadOverview(eventTypes: number[], includeSimulated: boolean, signal: AbortSignal): Promise<HomeOverview> {
  const body = { eventTypes: eventTypes.length ? (eventTypes as TypeId[]) : undefined, includeSimulated, trendDays: TREND_DAYS, urgentLimit: 5 };
  return orThrow(api.post('/home/overview', { body, signal, quiet: true }));
}

export function loadAlgorithmSummary(signal: AbortSignal): Promise<AlgoHomeSummary> {
  return orThrow(api.post('/algorithm/home/summary', { body: {}, signal, quiet: true }));
}

/** The menu's typeIds (§2: a route's typeIds query): known type ids only, in order, once each. */
export function typeIdsOf(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && ((id >= 1 && id <= 50) || (id >= 1001 && id <= 1024)));
  return [...new Set(ids)];
}
