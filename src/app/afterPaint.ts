// A screen's first data requests leave once its first frame is painted. Sent from the effects of the screen's first
// commit, they competed with that frame: on a fast link their answers came in before the paint, and a page-load
// simulation (Lighthouse's) then put them on the path to the largest paint, a round trip each on a slow phone link
// that in truth they never blocked. Waiting for the paint costs the request at most one frame.

/** Longest wait when no frame comes (a hidden tab draws none, a test environment may have no frames). */
export const AFTER_PAINT_FALLBACK_MS = 50;

/**
 * Runs `run` at the next animation frame, before it is painted (`inFrame` true), or after `fallbackMs` when no frame
 * comes (a hidden tab draws none, a test environment may have no frames); once. Answers a cancel function.
 */
export function onNextFrame(run: (inFrame: boolean) => void, fallbackMs: number): () => void {
  let done = false;
  const once = (inFrame: boolean) => {
    if (done) return;
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    run(inFrame);
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => once(true)) : null;
  const fallback = setTimeout(() => once(false), fallbackMs);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}

/** Runs `run` after the browser's next paint (a frame, then a task); answers a cancel function. */
export function afterPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  // Frame callbacks run just before the frame is painted; a task queued from there runs after it.
  const cancelFrame = onNextFrame((inFrame) => {
    if (inFrame) task = setTimeout(run, 0);
    else run();
  }, AFTER_PAINT_FALLBACK_MS);
  return () => {
    cancelFrame();
    clearTimeout(task);
  };
}
