// A boundary for code loaded on demand: it catches a chunk that did not arrive (a dropped connection) and shows
// `failed` in its place (nothing by default), calling `onFailed` once. Any other error goes on to the screen's
// boundary, as before. Browsers keep a failed module fetch for the page's life: only a reload loads it again.
import { Component, type ReactNode } from 'react';

interface LoadFailureProps {
  children: ReactNode;
  failed?: ReactNode;
  onFailed?: () => void;
}

export class LoadFailure extends Component<LoadFailureProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (isLoadFailure(error)) this.props.onFailed?.();
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isLoadFailure(error)) throw error;
    return this.props.failed ?? null;
  }
}

/** A chunk that did not arrive: the browser's failed dynamic import (Chromium, Firefox, Safari), or Vite's preload of
 *  its CSS. */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message,
  );
}
