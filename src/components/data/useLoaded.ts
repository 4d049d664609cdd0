// Data a screen or panel loads whole (a tree, a picker's options, a camera's details): loading, ready or failed,
// and a reload.
// A newer load aborts the one before, so a slow answer never replaces a fresh one.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  data: T;
  error: string | null;
  reload(): void;
}

/** `key`: what the load depends on (a filter, an id); a new key loads again. */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, initial: T, key: string | number = ''): Loaded<T> {
  const [state, setState] = useState<{ status: Loaded<T>['status']; data: T; error: string | null }>({
    status: 'loading',
    data: initial,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt and key are the reload triggers
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'loading', error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((current) => ({ ...current, status: 'error', error: error instanceof Error ? error.message : String(error) }));
        }
      },
    );
    return () => controller.abort();
  }, [attempt, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
