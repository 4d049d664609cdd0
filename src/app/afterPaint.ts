// A screen's first data requests leave once its first frame is painted. Sent from the effects of the screen's first
// commit, they competed with that frame: on a fast link their answers came in before the paint, and a page-load
// simulation (Lighthouse's) then put them on the path to the largest paint, a round trip each on a slow phone link
// that in truth they never blocked. Waiting for the paint costs the request at most one frame.

/** Longest wait when no frame comes (a hidden tab draws none, a test environment may have no frames). */
export const AFTER_PAINT_FALLBACK_MS = 50;

/** Runs `run` after the browser's next paint (a frame, then a task); answers a cancel function. */
export function afterPaint(run: () => void): () => void {
  let cancelled = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (cancelled) return;
    cancelled = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
    run();
  };
  // rAF callbacks run just before the frame is painted; a task queued from there runs after it.
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (task = setTimeout(once, 0))) : null;
  const fallback = setTimeout(once, AFTER_PAINT_FALLBACK_MS);
  return () => {
    cancelled = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
  };
}
