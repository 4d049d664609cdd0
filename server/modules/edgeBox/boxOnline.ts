// When a box counts as online, on its own so pure code (the stream state, tested as a unit) can judge it without
// loading the heartbeat's storage.
export const DEFAULT_HEARTBEAT_SECONDS = 30;

/** Online: the last heartbeat is at most 3 heartbeat intervals old (contract: listEdgeBoxes). */
export function isBoxOnline(lastHeartbeatAt: Date | null, heartbeatSeconds: number | null | undefined, now = new Date()): boolean {
  if (!lastHeartbeatAt) return false;
  return now.getTime() - lastHeartbeatAt.getTime() <= 3 * (heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000;
}
