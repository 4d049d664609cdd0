// What a box runs on each camera bound to it (the heartbeat answer's cameras, EdgeCamera in the contract): whether
// its analysis is started, its stream with the credentials (this box-authenticated answer is the only place they
// leave the server), the analysis frame rate, what to record, and its running event configurations as rules.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { EdgeCamera } from '../../edge/types.ts';
import { ruleOf } from '../devices/eventConfigRule.ts';
import { fullRtspUrl, splitRtspUrl } from '../devices/rtspCredentials.ts';
import { decryptStreamPassword } from '../devices/streamSecrets.ts';

/** Frames a box analyses per second: the device's analysis rate held to 1–10, 2 when it has none. */
export function detectFpsOf(fps: number | null): number {
  return fps === null || !Number.isFinite(fps) ? 2 : Math.min(10, Math.max(1, Math.round(fps)));
}

interface StreamColumns {
  rtspUrl: string | null;
  rtspSecretEnc: string | null;
  username: string | null;
  passwordEnc: string | null;
}

/**
 * The URL a box pulls: the stream address with its own credentials, else with the device's user name and
 * password (URL-encoded). A secret that no longer decrypts (the key was changed) leaves the address without
 * credentials: the box then reports the camera's refusal, which says what is wrong.
 */
export async function streamUrlOf(keys: Kysely<Database>, d: StreamColumns): Promise<string | null> {
  if (!d.rtspUrl) return null;
  try {
    const full = await fullRtspUrl(keys, d.rtspUrl, d.rtspSecretEnc);
    if (!full || splitRtspUrl(full).userinfo !== null || !d.username) return full;
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(full);
    if (!scheme) return full;
    const password = d.passwordEnc ? `:${encodeURIComponent(await decryptStreamPassword(keys, d.passwordEnc))}` : '';
    return `${scheme[0]}${encodeURIComponent(d.username)}${password}@${full.slice(scheme[0].length)}`;
  } catch {
    return splitRtspUrl(d.rtspUrl).address;
  }
}

/**
 * The cameras bound to the box, in id order, each with what it runs. Read on the server's own handle, not in a
 * transaction: the stream secrets' key is cached per handle (a transaction would read it again each time).
 */
export async function boxCameras(db: Kysely<Database>, boxId: number): Promise<EdgeCamera[]> {
  const devices = await db
    .selectFrom('devices')
    .leftJoin('detectionTasks', 'detectionTasks.deviceId', 'devices.id')
    .select([
      'devices.id',
      'devices.name',
      'devices.kind',
      'devices.startState',
      'devices.rtspUrl',
      'devices.rtspSecretEnc',
      'devices.username',
      'devices.passwordEnc',
      'devices.fps',
      'devices.streamTransport',
      'devices.recordContinuous',
      'devices.recordSegmentSeconds',
      'devices.recordPreSeconds',
      'devices.recordPostSeconds',
      'detectionTasks.startState as taskStartState',
    ])
    .where('devices.boxId', '=', boxId)
    .orderBy('devices.id')
    .execute();
  if (devices.length === 0) return [];
  const running = await db
    .selectFrom('deviceEventConfigs')
    .select(['id', 'deviceId', 'eventId', 'typeId', 'eventName', 'config'])
    .where('deviceId', 'in', devices.map((d) => d.id))
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const out: EdgeCamera[] = [];
  for (const d of devices) {
    const configs = running.filter((r) => r.deviceId === d.id);
    const url = d.kind === 'normal' ? await streamUrlOf(db, d) : null;
    out.push({
      cameraId: d.id,
      kind: d.kind as EdgeCamera['kind'],
      started: d.startState === 1 || d.taskStartState === 1,
      eventIds: [...new Set(configs.map((r) => r.eventId))].sort((a, b) => a - b),
      name: d.name,
      stream: url ? { url, transport: d.streamTransport } : null,
      detectFps: detectFpsOf(d.fps),
      recording: { continuous: d.recordContinuous, segmentSeconds: d.recordSegmentSeconds, preSeconds: d.recordPreSeconds, postSeconds: d.recordPostSeconds },
      events: configs.map((r) => ruleOf({ id: r.id, eventId: r.eventId, typeId: r.typeId, eventName: r.eventName, config: r.config as Record<string, any> }, d.id)),
    });
  }
  return out;
}
