// rsuite measures the rows of a word-wrapping table only when its data changes (useTableRows), and its first measure
// of new rows runs before they are laid out: every row kept a one-line height while its text wrapped to two, and the
// second line was cut by 9 px (17 list screens, zh and en). So the same rows are handed to rsuite again a frame after
// new rows arrive (this is what fixed it, measured), and again when the table's width changes (a window resized, the
// menu folded), which rsuite does not measure on its own.
import { type RefCallback, useCallback, useEffect, useMemo, useRef, useState } from 'react';

export function useWrappedRows<T>(rows: T[]): { measureRef: RefCallback<HTMLElement>; data: T[] } {
  // A new width hands the rows over again. The first width the observer reports, and any while the table has no
  // rows, does not: rows render at the width the table has (that re-render of the whole table came once per list
  // screen's first load, for nothing).
  const [resized, setResized] = useState(0);
  const hasRows = useRef(false);
  hasRows.current = rows.length > 0;
  const observer = useRef<ResizeObserver | null>(null);
  const measureRef = useCallback<RefCallback<HTMLElement>>((element) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width: number | null = null;
    observer.current = new ResizeObserver((entries) => {
      const next = Math.round(entries[0]?.contentRect.width ?? 0);
      const previous = width;
      width = next;
      if (previous !== null && previous !== next && hasRows.current) setResized((n) => n + 1);
    });
    observer.current.observe(element);
  }, []);
  // New rows: rsuite's own measure runs before they are laid out (a one-line height for every row), so they are
  // measured once more a frame later.
  const [laidOut, setLaidOut] = useState<T[] | null>(null);
  useEffect(() => {
    if (rows.length === 0) return;
    const frame = requestAnimationFrame(() => setLaidOut(rows));
    return () => cancelAnimationFrame(frame);
  }, [rows]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new width, or the rows laid out, is the reason for a new array
  const data = useMemo(() => rows.slice(), [rows, resized, laidOut]);
  return { measureRef, data };
}
