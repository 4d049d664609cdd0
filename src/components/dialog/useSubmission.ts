// The state of a dialog's or form's one action: busy while the call runs, and the refusal it ended with (the
// server's message, shown in place). A new run clears the last refusal; the values typed stay as they were.
import { useState } from 'react';

/** The message of a failure, whatever was thrown. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface Submission {
  busy: boolean;
  failure: string | null;
  setFailure(failure: string | null): void;
  /** Runs the call: busy meanwhile, its failure kept (after `onFailure`, which can put things back). */
  run(work: () => Promise<void>, onFailure?: () => void): Promise<void>;
}

export function useSubmission(): Submission {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<void>, onFailure?: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      onFailure?.();
      setFailure(reasonOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}

/**
 * Keeps what a dialog edits in step with what it was opened for: `onOpen` runs (during the render, before the
 * children see stale values) each time the target changes. Returns the target it was last opened for, which stays
 * while the dialog animates out.
 */
export function useOpenedFor<T>(target: T | null, onOpen: (target: T | null) => void): T | null {
  const [openedFor, setOpenedFor] = useState<T | null>(null);
  if (target !== openedFor) {
    setOpenedFor(target);
    onOpen(target);
  }
  return openedFor;
}
