// The console's stream states (issue 35) against a fake call: a screen shows the state its list loaded with, asks
// for the shown cameras' states every 10 s while the page is visible (never while it is hidden, at once when it is
// visible again), shows what the refresh answered — a camera gone offline with since when and why — and keeps what
// it showed when a refresh fails.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { StreamStateBadge } from '../../src/screens/video/StreamStateBadge.tsx';
import { currentStream, STREAM_REFRESH_MS, type StreamState, useStreamStates } from '../../src/screens/video/streamStates.ts';
import { installDomPolyfills } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../src/api/client.ts', async (original) => ({ ...(await original<object>()), api: { post: calls.post } }));

const live: StreamState = { state: 'live', reason: null, error: null, errorKind: null, since: null, reportedAt: '2026-12-06 10:00:00' };
const lost: StreamState = { state: 'offline', reason: 'boxDisconnected', error: null, errorKind: null, since: '2026-12-06 10:02:13', reportedAt: '2026-12-06 10:00:00' };
const cameras = [
  { id: 4, name: 'Gate cam', stream: live },
  { id: 5, name: 'Yard cam', stream: live },
];

function Cameras({ ids = [5, 4, 5] }: { ids?: number[] }) {
  const states = useStreamStates(ids);
  return (
    <ul>
      {cameras.map((camera) => (
        <li key={camera.id} aria-label={camera.name}>
          <StreamStateBadge stream={currentStream(states, camera)} detail />
        </li>
      ))}
    </ul>
  );
}

let i18n: Awaited<ReturnType<typeof setupI18n>>;
let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (value: DocumentVisibilityState) => {
  visibility = value;
  document.dispatchEvent(new Event('visibilitychange'));
};
const answer = (list: { cameraId: number; stream: StreamState | null }[]) => ({ ok: true, data: { list }, body: {} });
const show = (ids?: number[]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Cameras ids={ids} />
    </I18nextProvider>,
  );
const badge = (name: string) => screen.getByLabelText(name).textContent;

beforeAll(async () => {
  installDomPolyfills();
  i18n = await setupI18n('en', NAMESPACES);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  visibility = 'visible';
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  calls.post.mockReset();
});

describe('stream states', () => {
  it('shows the loaded state, then what each 10-second refresh answers for the shown cameras', async () => {
    calls.post.mockResolvedValue(answer([{ cameraId: 4, stream: lost }, { cameraId: 5, stream: live }]));
    show();
    expect(badge('Gate cam')).toBe('live');
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS - 1));
    expect(calls.post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls.post).toHaveBeenCalledTimes(1);
    // Each camera once, in a stable order, so a re-render with the same cameras does not restart the refresh.
    expect(calls.post.mock.calls[0][1]).toMatchObject({ body: { cameraIds: [4, 5] } });
    expect(badge('Gate cam')).toBe('offline · since 10:02:13 (2026-12-06) · its box disconnected');
    expect(badge('Yard cam')).toBe('live');
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS));
    expect(calls.post).toHaveBeenCalledTimes(2);
  });

  it('does not refresh while the page is hidden, and refreshes at once when it is visible again', async () => {
    calls.post.mockResolvedValue(answer([{ cameraId: 4, stream: lost }]));
    show();
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS * 5));
    expect(calls.post).not.toHaveBeenCalled();
    expect(badge('Gate cam')).toBe('live');
    await act(async () => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.post).toHaveBeenCalledTimes(1);
    expect(badge('Gate cam')).toContain('offline');
  });

  it('keeps what it showed when a refresh fails, and tries again at the next one', async () => {
    calls.post.mockRejectedValueOnce(new Error('network down')).mockResolvedValue(answer([{ cameraId: 4, stream: lost }]));
    show();
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS));
    expect(calls.post).toHaveBeenCalledTimes(1);
    expect(badge('Gate cam')).toBe('live');
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS));
    expect(calls.post).toHaveBeenCalledTimes(2);
    expect(badge('Gate cam')).toContain('its box disconnected');
  });

  it('asks nothing when no camera has a stream', async () => {
    show([]);
    await act(() => vi.advanceTimersByTimeAsync(STREAM_REFRESH_MS * 3));
    expect(calls.post).not.toHaveBeenCalled();
  });

  it("says why a stream is down in the reader's language, with the box's own words in its title", async () => {
    const stalled: StreamState = { ...live, state: 'stalled', error: 'no data for 10 s', errorKind: 'noData', since: '2026-12-06 10:02:13' };
    const ended: StreamState = { ...live, state: 'reconnecting', error: 'Connection refused', errorKind: 'ended', since: '2026-12-06 10:02:13' };
    await i18n.changeLanguage('zh-CN');
    try {
      const { rerender } = render(
        <I18nextProvider i18n={i18n}>
          <StreamStateBadge stream={stalled} detail />
        </I18nextProvider>,
      );
      const shown = () => document.querySelector('.stream-state') as HTMLElement;
      expect(shown().textContent).toBe('卡顿 · 自 2026-12-06 10:02:13 起 · 10 秒内没有收到数据');
      expect(shown().textContent).not.toMatch(/[A-Za-z]/);
      expect(shown().title).toContain('盒子的原话：no data for 10 s');
      rerender(
        <I18nextProvider i18n={i18n}>
          <StreamStateBadge stream={ended} detail />
        </I18nextProvider>,
      );
      expect(shown().textContent).toBe('重连中 · 自 2026-12-06 10:02:13 起 · 连接中断');
      expect(shown().title).toContain('Connection refused');
      // A box that names no kind is quoted as it is.
      rerender(
        <I18nextProvider i18n={i18n}>
          <StreamStateBadge stream={{ ...ended, errorKind: null }} detail />
        </I18nextProvider>,
      );
      expect(shown().textContent).toBe('重连中 · 自 2026-12-06 10:02:13 起 · Connection refused');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('prefers a refreshed state, even none (the camera lost its box), to the loaded one', () => {
    const camera = { id: 4, stream: live };
    expect(currentStream(new Map(), camera)).toBe(live);
    expect(currentStream(new Map([[4, lost]]), camera)).toBe(lost);
    expect(currentStream(new Map([[4, null]]), camera)).toBeNull();
  });
});
