// The live list held still: while the operator reads it (Pause), or while the pointer or the keyboard focus is on
// it (a row must not move away under the pointer as alarms arrive at the top). What is held is the rows' order,
// not their content: each row shows its alarm as it is now (a status changed meanwhile shows), an alarm deleted
// meanwhile leaves, and the alarms that arrived are counted until the list moves again.
import type { WarnEvent } from './alarmsApi.ts';

export interface HeldView {
  alarms: readonly WarnEvent[];
  /** Alarms in the live list that the held one does not show: those that arrived while it was held. */
  waiting: number;
}

export function heldView(live: readonly WarnEvent[], heldIds: readonly number[]): HeldView {
  const byId = new Map(live.map((alarm) => [alarm.id, alarm]));
  const alarms = heldIds.flatMap((id) => byId.get(id) ?? []);
  const shown = new Set(heldIds);
  let waiting = 0;
  for (const alarm of live) if (!shown.has(alarm.id)) waiting += 1;
  return { alarms, waiting };
}
