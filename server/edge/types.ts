// The edge runtime's shared types (docs/edge-runtime.md): what the platform's heartbeat answer tells a box to run on
// each camera, what the detector, tracker and rules pass between them, and what the box reports of its streams.
// Coordinates are relative to the frame (0..1), as the platform stores drawn shapes.

export interface RelPoint {
  x: number;
  y: number;
}

/** A box relative to the frame: left, top, right, bottom in 0..1. */
export interface RelBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface FrameDetection {
  /** A COCO-80 label, as the detector names it ('person', 'car' …). */
  label: string;
  score: number;
  box: RelBox;
}

export interface Track {
  /** Stable for the life of the object on this camera (never reused while the pipeline runs). */
  id: number;
  label: string;
  /** The last matched detection's score and box. */
  score: number;
  box: RelBox;
  /** Times (ms) of the first and last matched detection. */
  firstSeen: number;
  lastSeen: number;
  /** Bottom-centre points of the recent matched boxes, oldest first (for crossings and trails). */
  path: { t: number; x: number; y: number }[];
}

export interface EdgeLine {
  a: RelPoint;
  b: RelPoint;
  /** 0 both ways, 1 left-to-right of a→b, 2 right-to-left. */
  direction: 0 | 1 | 2;
}

export interface EdgeEventRule {
  configId: number;
  eventId: number;
  /** The alarm's eventType (1–50, 1001–1024). */
  typeId: number;
  name: string;
  classes: string[];
  confidence: number;
  areas: RelPoint[][];
  lines: EdgeLine[];
  dwellSeconds: number;
  minSize: number | null;
  maxSize: number | null;
  times: { start: string; end: string }[];
  weeks: number[];
  warnIntervalSeconds: number;
  recheck: { algorithmId: number } | null;
}

export interface EdgeRecording {
  continuous: boolean;
  segmentSeconds: number;
  preSeconds: number;
  postSeconds: number;
}

export interface EdgeCamera {
  cameraId: number;
  kind: 'normal' | 'image' | 'offline';
  started: boolean;
  eventIds: number[];
  name: string;
  stream: { url: string; transport: 'auto' | 'tcp' | 'udp' } | null;
  detectFps: number;
  recording: EdgeRecording;
  events: EdgeEventRule[];
}

export type RuleReason = 'cross' | 'dwell' | 'present';

/** A rule that fired for a track: the runtime turns it into an alarm (after second identification). */
export interface RuleHit {
  rule: EdgeEventRule;
  track: Track;
  reason: RuleReason;
  /** When it fired (the frame's time, ms). */
  at: number;
}

export type StreamState = 'connecting' | 'live' | 'stalled' | 'reconnecting' | 'offline' | 'error';

/** Why a stream is not live, as a kind the console says in its reader's language (contract StreamErrorKind). */
export const STREAM_ERROR_KINDS = ['noData', 'noStream', 'address', 'notVideo', 'tooLarge', 'ended'] as const;
export type StreamErrorKind = (typeof STREAM_ERROR_KINDS)[number];

export interface EdgeStreamReport {
  cameraId: number;
  state: StreamState;
  error?: string;
  errorKind?: StreamErrorKind;
  width?: number;
  height?: number;
  codec?: string;
  decodedFps?: number;
  analysedFps?: number;
  lastFrameAt?: string;
}

/** One fMP4 media fragment (moof + mdat) with its wall-clock start and whether it starts with a keyframe. */
export interface Fragment {
  data: Buffer;
  keyframe: boolean;
  startMs: number;
  durationMs: number;
}

/** A decoded frame at detection size, RGB, 3 bytes a pixel. */
export interface DecodedFrame {
  t: number;
  width: number;
  height: number;
  rgb: Buffer;
}
