// A camera's stream state as the console shows it (contract DeviceStreamState): the box's last report
// (devices.stream_report, migration 083), unless the box cannot be trusted to report any more — its socket closed
// after the report (at once), its heartbeats stopped (3 intervals), or the report is older than 2 heartbeat
// intervals and 5 s — then offline with that reason. So a lost stream shows offline within one report (the box
// reports a stall after 10 s and sends a heartbeat at once), and a lost box as soon as its socket closes.
import { STREAM_ERROR_KINDS } from '../../edge/types.ts';
import { formatTime } from '../../http/format.ts';
import { DEFAULT_HEARTBEAT_SECONDS, isBoxOnline } from '../edgeBox/boxOnline.ts';
// The contract's type straight from the generated schema: contractTypes.ts would load the whole server's types into
// the console's type check (tests/unit/streamState.test.ts) without the server's Fastify augmentations.
import type { components } from '../../../src/api/schema.gen.ts';

export type DeviceStreamState = components['schemas']['DeviceStreamState'];

export interface StreamStateInput {
  kind: string;
  boxId: number | null;
  streamReport: Record<string, unknown> | null;
  streamReportedAt: Date | null;
  boxLastHeartbeatAt: Date | null;
  boxHeartbeatSeconds: number | null;
  boxSocketOpenedAt: Date | null;
  boxSocketClosedAt: Date | null;
}

const STATES = new Set(['live', 'connecting', 'stalled', 'reconnecting', 'offline', 'error']);
const ERROR_KINDS = new Set<string>(STREAM_ERROR_KINDS satisfies readonly DeviceStreamState['errorKind'][]);

/** The report's error kind when it is one the contract names (a stored report predates it, or another box omits it). */
function errorKindOf(report: Record<string, unknown> | null): DeviceStreamState['errorKind'] {
  const kind = report?.errorKind;
  return typeof kind === 'string' && ERROR_KINDS.has(kind) ? (kind as DeviceStreamState['errorKind']) : null;
}

/** 'yyyy-MM-dd HH:mm:ss' (the report's lastFrameAt) as a Date; null when absent or not a time. */
function reportedTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const [d, t] = value.split(' ');
  const [y, m, day] = d.split('-').map(Number);
  const [h, min, s] = t.split(':').map(Number);
  return new Date(y, m - 1, day, h, min, s);
}

export function streamStateOf(row: StreamStateInput, now = new Date()): DeviceStreamState | null {
  if (row.kind !== 'normal' || row.boxId === null) return null;
  const report = row.streamReport;
  const lastFrame = reportedTime(report?.lastFrameAt);
  const figures = {
    codec: typeof report?.codec === 'string' ? report.codec : null,
    width: typeof report?.width === 'number' ? report.width : null,
    height: typeof report?.height === 'number' ? report.height : null,
    decodedFps: typeof report?.decodedFps === 'number' ? report.decodedFps : null,
  };
  const reportedAt = formatTime(row.streamReportedAt);
  const offline = (reason: 'boxDisconnected' | 'boxOffline' | 'stale', heardAt: Date | null): DeviceStreamState => ({
    state: 'offline',
    reason,
    error: typeof report?.error === 'string' ? report.error : null,
    errorKind: errorKindOf(report),
    since: formatTime(lastFrame ?? heardAt),
    reportedAt,
    ...figures,
  });
  const closed = row.boxSocketClosedAt;
  if (closed && (!row.boxSocketOpenedAt || closed >= row.boxSocketOpenedAt) && (!row.streamReportedAt || closed >= row.streamReportedAt)) {
    return offline('boxDisconnected', closed);
  }
  if (!isBoxOnline(row.boxLastHeartbeatAt, row.boxHeartbeatSeconds, now)) return offline('boxOffline', row.boxLastHeartbeatAt);
  if (!report || !row.streamReportedAt || typeof report.state !== 'string' || !STATES.has(report.state)) {
    return { state: 'unknown', reason: null, error: null, errorKind: null, since: null, reportedAt, ...figures };
  }
  const interval = (row.boxHeartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000;
  if (now.getTime() - row.streamReportedAt.getTime() > 2 * interval + 5000) return offline('stale', row.streamReportedAt);
  const state = report.state as DeviceStreamState['state'];
  return {
    state,
    reason: null,
    error: state === 'live' ? null : typeof report.error === 'string' ? report.error : null,
    errorKind: state === 'live' ? null : errorKindOf(report),
    since: state === 'live' ? null : formatTime(lastFrame ?? row.streamReportedAt),
    reportedAt,
    ...figures,
  };
}
