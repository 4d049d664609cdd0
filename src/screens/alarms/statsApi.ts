// Calls of the event statistics screens (contract tag stats): totals, per hour of a day, per day of a range, per
// type over a week, and the top cameras / types / scenes. All quiet: each panel shows its own failure.
import { api, orThrow } from '../../api/client.ts';
import type { EventStatsDay, EventStatsFilter, EventStatsRange, EventStatsTop, EventStatsTotal, EventStatsWeek } from '../../api/schema.gen.ts';

export type { EventStatsFilter, EventStatsTotal, EventStatsDay, EventStatsRange, EventStatsWeek, EventStatsTop };
export type TopKind = 'camera' | 'eventType' | 'scene';

export interface StatsWindow {
  startDate: string;
  endDate: string;
  includeSimulated: boolean;
}

/** The window as the DateTime bounds of the total and top calls (the end day up to 23:59:59). */
export function windowTimes(window: StatsWindow): { startTime: string; endTime: string } {
  return { startTime: `${window.startDate} 00:00:00`, endTime: `${window.endDate} 23:59:59` };
}

export async function statsTotal(window: StatsWindow, signal?: AbortSignal): Promise<EventStatsTotal> {
  return orThrow(api.post('/home/event/total', { body: { ...windowTimes(window), includeSimulated: window.includeSimulated }, signal, quiet: true }));
}

export async function statsPerDay(window: StatsWindow, signal?: AbortSignal): Promise<EventStatsRange> {
  const body = { startDate: window.startDate, endDate: window.endDate, includeSimulated: window.includeSimulated };
  return orThrow(api.post('/home/event/time', { body, signal, quiet: true }));
}

export async function statsPerHour(date: string, includeSimulated: boolean, signal?: AbortSignal): Promise<EventStatsDay> {
  return orThrow(api.post('/home/event/day', { body: { date, includeSimulated }, signal, quiet: true }));
}

export async function statsWeek(endDate: string, includeSimulated: boolean, signal?: AbortSignal): Promise<EventStatsWeek> {
  return orThrow(api.post('/home/event/week', { body: { endDate, includeSimulated }, signal, quiet: true }));
}

export async function statsTop(kind: TopKind, window: StatsWindow, topN: number, signal?: AbortSignal): Promise<EventStatsTop> {
  const body = { ...windowTimes(window), includeSimulated: window.includeSimulated, topN };
  if (kind === 'camera') return orThrow(api.post('/home/top/camera', { body, signal, quiet: true }));
  if (kind === 'eventType') return orThrow(api.post('/home/top/eventType', { body, signal, quiet: true }));
  return orThrow(api.post('/home/top/scene', { body, signal, quiet: true }));
}
