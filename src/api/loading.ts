// How many calls made with the loading flag are under way (§7: the 'please wait' overlay). Counted, so
// overlapping calls keep the overlay until the last one ends. No React here: the overlay subscribes.

export interface LoadingCounter {
  start(): void;
  end(): void;
  count(): number;
  subscribe(listener: () => void): () => void;
}

export function createLoadingCounter(): LoadingCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    start() {
      count += 1;
      changed();
    },
    end() {
      if (count === 0) return; // an unmatched end never drives the count below zero
      count -= 1;
      changed();
    },
    count: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one counter: the middleware drives it, the overlay shows it. */
export const loadingCalls = createLoadingCounter();
