// How a camera's stream state is judged from its box's last report and what the platform knows of the box: the
// report while the box can be trusted; offline at once when its socket closed after the report, when its
// heartbeats stopped, or when the report is older than 2 intervals + 5 s; unknown when it never reported.
import { describe, expect, it } from 'vitest';
import { type StreamStateInput, streamStateOf } from '../../server/modules/devices/streamState.ts';

const NOW = new Date(2026, 11, 6, 12, 0, 0);
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);

function camera(overrides: Partial<StreamStateInput> = {}): StreamStateInput {
  return {
    kind: 'normal',
    boxId: 3,
    streamReport: { cameraId: 9, state: 'live', codec: 'h264', width: 1280, height: 720, decodedFps: 25, lastFrameAt: '2026-12-06 11:59:58' },
    streamReportedAt: ago(4),
    boxLastHeartbeatAt: ago(4),
    boxHeartbeatSeconds: 10,
    boxSocketOpenedAt: ago(600),
    boxSocketClosedAt: null,
    ...overrides,
  };
}

describe('stream state', () => {
  it('is the report while the box is trusted, with since = the last frame when not live', () => {
    expect(streamStateOf(camera(), NOW)).toEqual({ state: 'live', reason: null, error: null, errorKind: null, since: null, reportedAt: '2026-12-06 11:59:56', codec: 'h264', width: 1280, height: 720, decodedFps: 25 });
    const stalled = camera({ streamReport: { cameraId: 9, state: 'stalled', error: 'no data for 10 s', errorKind: 'noData', lastFrameAt: '2026-12-06 11:59:40' } });
    expect(streamStateOf(stalled, NOW)).toMatchObject({ state: 'stalled', reason: null, error: 'no data for 10 s', errorKind: 'noData', since: '2026-12-06 11:59:40' });
  });

  it("keeps the box's error kind when offline for the box's sake, and drops a kind the contract does not name", () => {
    const ended = { cameraId: 9, state: 'reconnecting', error: 'Connection refused', errorKind: 'ended', lastFrameAt: '2026-12-06 11:59:40' };
    expect(streamStateOf(camera({ streamReport: ended, boxLastHeartbeatAt: ago(31) }), NOW)).toMatchObject({ state: 'offline', reason: 'boxOffline', errorKind: 'ended' });
    expect(streamStateOf(camera({ streamReport: { ...ended, errorKind: 'gremlins' } }), NOW)).toMatchObject({ state: 'reconnecting', error: 'Connection refused', errorKind: null });
    // A report stored before kinds existed.
    const { errorKind: _, ...older } = ended;
    expect(streamStateOf(camera({ streamReport: older }), NOW)).toMatchObject({ errorKind: null });
  });

  it('is offline at once when the box socket closed after the report, not when it reopened since', () => {
    expect(streamStateOf(camera({ boxSocketClosedAt: ago(1) }), NOW)).toMatchObject({ state: 'offline', reason: 'boxDisconnected', since: '2026-12-06 11:59:58' });
    expect(streamStateOf(camera({ boxSocketClosedAt: ago(30), boxSocketOpenedAt: ago(20) }), NOW)).toMatchObject({ state: 'live' });
    // A report after the close (the box reports by heartbeat without a socket) is believed.
    expect(streamStateOf(camera({ boxSocketClosedAt: ago(10) }), NOW)).toMatchObject({ state: 'live' });
  });

  it('is offline when the heartbeats stopped (3 intervals) or the report is stale (2 intervals + 5 s)', () => {
    expect(streamStateOf(camera({ boxLastHeartbeatAt: ago(31) }), NOW)).toMatchObject({ state: 'offline', reason: 'boxOffline' });
    expect(streamStateOf(camera({ streamReportedAt: ago(24) }), NOW)).toMatchObject({ state: 'live' });
    expect(streamStateOf(camera({ streamReportedAt: ago(26) }), NOW)).toMatchObject({ state: 'offline', reason: 'stale', since: '2026-12-06 11:59:58' });
  });

  it('is unknown without a report, and nothing for a camera without a stream or a box', () => {
    expect(streamStateOf(camera({ streamReport: null, streamReportedAt: null }), NOW)).toMatchObject({ state: 'unknown', reason: null });
    expect(streamStateOf(camera({ kind: 'image' }), NOW)).toBeNull();
    expect(streamStateOf(camera({ boxId: null }), NOW)).toBeNull();
  });
});
