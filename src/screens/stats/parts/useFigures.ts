// Figures a dashboard or statistics panel loads: loading the first time, then refreshed in place (the old figures
// stay while new ones load, so a live refresh never blanks a tile). A newer load aborts the one before.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Figures<T> {
  status: 'loading' | 'ready' | 'error';
  /** The latest figures (kept while a refresh loads or fails). */
  data: T | null;
  error: string | null;
  /** Load again, keeping what is shown. */
  refresh(): void;
}

export function useFigures<T>(key: string, load: (signal: AbortSignal) => Promise<T>, enabled = true): Figures<T> {
  const [state, setState] = useState<{ status: Figures<T>['status']; data: T | null; error: string | null }>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt are the reload triggers
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const keyChanged = lastKey.current !== key;
    lastKey.current = key;
    // A new question blanks the figures; a refresh of the same one keeps them.
    setState((current) => (keyChanged || current.data === null ? { status: 'loading', data: null, error: null } : current));
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data, error: null }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState((current) => ({ status: current.data === null ? 'error' : 'ready', data: current.data, error: error instanceof Error ? error.message : String(error) })),
    );
    return () => controller.abort();
  }, [key, attempt, enabled]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, refresh };
}
