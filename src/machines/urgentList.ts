// The urgent event list of spec §4: a new event goes to the front only if its id is absent; the list holds at
// most 50 (§9), the oldest dropped; events are removed by id or the list cleared. Pure and immutable: every
// operation answers a new list (or the same one when nothing changed, so subscribers can skip a render).

export const URGENT_LIST_CAP = 50;

export interface Identified {
  id: number;
}

/** `event` in front of `list` unless an event with its id is already there; capped at `cap`, oldest dropped. */
export function addUrgent<T extends Identified>(list: readonly T[], event: T, cap: number = URGENT_LIST_CAP): readonly T[] {
  if (list.some((item) => item.id === event.id)) return list;
  const next = [event, ...list];
  return next.length > cap ? next.slice(0, cap) : next;
}

/**
 * Several events in arrival order (oldest first), each added as `addUrgent` would: the newest ends up in front.
 * One pass, for bursts.
 */
export function addUrgentMany<T extends Identified>(list: readonly T[], events: readonly T[], cap: number = URGENT_LIST_CAP): readonly T[] {
  let next = list;
  for (const event of events) next = addUrgent(next, event, cap);
  return next;
}

/** The list without the event of `id` (the same list when it is not there). */
export function removeUrgent<T extends Identified>(list: readonly T[], id: number): readonly T[] {
  return list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;
}

/** Replaces the event of the same id in place (a status change), keeping the order. */
export function updateUrgent<T extends Identified>(list: readonly T[], id: number, update: (event: T) => T): readonly T[] {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return list;
  const next = [...list];
  next[index] = update(list[index]);
  return next;
}

export function clearUrgent<T extends Identified>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? list : [];
}
