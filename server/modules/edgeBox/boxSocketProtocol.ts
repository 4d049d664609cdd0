// The box socket's wire format (docs/edge-runtime.md, contract x-websockets /api/ingest/socket): JSON text both
// ways, and binary frames from the box — a 16-byte header then the payload. Header: u8 kind (1 init segment,
// 2 media fragment, 3 snapshot JPEG), u8 flags (bit 0: the fragment starts with a keyframe), u16 reserved 0,
// u32 cameraId, f64 value (kind 2: the fragment's wall-clock start in ms since the epoch; kind 3: requestId;
// kind 1: 0), all big-endian. Both sides use these functions (the platform decodes, a box and the tests encode).

export const FRAME_HEADER_BYTES = 16;
export const FRAME_INIT = 1;
export const FRAME_FRAGMENT = 2;
export const FRAME_SNAPSHOT = 3;
export const FLAG_KEYFRAME = 0x01;

/** Largest message the platform takes from a box: a fragment of ≤ 0.5 s of a 4K stream, or a snapshot. */
export const MAX_BOX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** JSON messages from a box are small. */
export const MAX_BOX_TEXT_BYTES = 64 * 1024;
export const PING_INTERVAL_MS = 20_000;

/** Close codes (contract x-websockets). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  badCredentials: 4001,
  replaced: 4009,
  serverError: 1011,
} as const;

export type BoxFrameKind = typeof FRAME_INIT | typeof FRAME_FRAGMENT | typeof FRAME_SNAPSHOT;

export interface BoxFrame {
  kind: BoxFrameKind;
  keyframe: boolean;
  cameraId: number;
  /** Kind 2: wall-clock start (ms since the epoch); kind 3: the request id; kind 1: 0. */
  value: number;
  payload: Buffer;
}

export function encodeBoxFrame(frame: Omit<BoxFrame, 'keyframe'> & { keyframe?: boolean }): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + frame.payload.length);
  out.writeUInt8(frame.kind, 0);
  out.writeUInt8(frame.keyframe ? FLAG_KEYFRAME : 0, 1);
  out.writeUInt16BE(0, 2);
  out.writeUInt32BE(frame.cameraId, 4);
  out.writeDoubleBE(frame.value, 8);
  frame.payload.copy(out, FRAME_HEADER_BYTES);
  return out;
}

/** The frame, or null when the bytes are not one (too short, an unknown kind, camera 0, a value that is no number). */
export function decodeBoxFrame(data: Buffer): BoxFrame | null {
  if (data.length < FRAME_HEADER_BYTES) return null;
  const kind = data.readUInt8(0);
  if (kind !== FRAME_INIT && kind !== FRAME_FRAGMENT && kind !== FRAME_SNAPSHOT) return null;
  const cameraId = data.readUInt32BE(4);
  const value = data.readDoubleBE(8);
  if (cameraId === 0 || !Number.isFinite(value)) return null;
  return { kind, keyframe: (data.readUInt8(1) & FLAG_KEYFRAME) !== 0, cameraId, value, payload: data.subarray(FRAME_HEADER_BYTES) };
}

/** Messages the platform sends. */
export type PlatformMessage =
  | { type: 'hello'; heartbeatSeconds: number }
  | { type: 'watch'; cameraId: number; on: boolean }
  | { type: 'wake' }
  | { type: 'snapshot'; cameraId: number; requestId: number };

/** JSON messages a box sends. */
export type BoxMessage =
  | { type: 'stream'; cameraId: number; codec: string; width: number; height: number }
  | { type: 'snapshotError'; cameraId: number; requestId: number; reason: string };

const ID_MAX = 2_147_483_647;
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= ID_MAX;
const isSize = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 16_384;

/** A box's JSON message when it is one of the known shapes, within bounds; null otherwise. */
export function parseBoxMessage(text: string): BoxMessage | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  if (value.type === 'stream') {
    // An MSE codec string: avc1.64001f, hvc1.1.6.L93.B0 …
    if (!isId(value.cameraId) || typeof value.codec !== 'string' || !/^[A-Za-z0-9.]{4,40}$/.test(value.codec)) return null;
    if (!isSize(value.width) || !isSize(value.height)) return null;
    return { type: 'stream', cameraId: value.cameraId, codec: value.codec, width: value.width, height: value.height };
  }
  if (value.type === 'snapshotError') {
    if (!isId(value.cameraId) || !Number.isSafeInteger(value.requestId) || typeof value.reason !== 'string') return null;
    return { type: 'snapshotError', cameraId: value.cameraId, requestId: value.requestId as number, reason: value.reason.slice(0, 200) };
  }
  return null;
}
