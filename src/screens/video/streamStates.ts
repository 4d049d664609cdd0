// The stream states of the cameras a screen shows, refreshed every 10 s while the page is visible (and at once when
// it becomes visible again): a lost stream shows within a refresh of the box's report. The screens' own lists carry
// the states they loaded with (Device.stream); these replace them as they come.
import { useEffect, useState } from 'react';
import { api, orThrow } from '../../api/client.ts';
import type { DeviceStreamState as StreamState } from '../../api/schema.gen.ts';

export type { StreamState };

export const STREAM_REFRESH_MS = 10_000;
/** The poll asks for at most this many cameras (the contract's bound). */
const MAX_IDS = 500;

export async function streamStates(cameraIds: number[], signal?: AbortSignal): Promise<Map<number, StreamState | null>> {
  const data = await orThrow(api.post('/device/streamStates', { body: { cameraIds: cameraIds.slice(0, MAX_IDS) }, signal, quiet: true }));
  return new Map((data?.list ?? []).map((item) => [item.cameraId, item.stream ?? null]));
}

/** The freshest state of a camera: the last refresh's, else what the screen loaded it with. */
export function currentStream(states: ReadonlyMap<number, StreamState | null>, camera: { id: number; stream?: StreamState | null }): StreamState | null {
  return states.has(camera.id) ? (states.get(camera.id) ?? null) : (camera.stream ?? null);
}

export function useStreamStates(cameraIds: readonly number[]): ReadonlyMap<number, StreamState | null> {
  const key = [...new Set(cameraIds)].sort((a, b) => a - b).join(',');
  const [states, setStates] = useState<ReadonlyMap<number, StreamState | null>>(new Map());
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let stopped = false;
    const visible = () => document.visibilityState === 'visible';
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && visible()) timer = setTimeout(poll, STREAM_REFRESH_MS);
    };
    const poll = async () => {
      if (stopped || !visible()) return;
      controller = new AbortController();
      try {
        const fresh = await streamStates(ids, controller.signal);
        if (!stopped) setStates(fresh);
      } catch {
        // A failed refresh keeps what is shown; the next one tries again.
      }
      schedule();
    };
    const onVisibility = () => {
      if (visible()) void poll();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key]);
  return states;
}
