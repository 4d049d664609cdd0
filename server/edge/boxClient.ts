// The box API seen from the box (docs/edge-runtime.md): heartbeat, alarm, recording and the box socket, each with
// the box's id and secret — exactly the calls a third-party box makes, so this is also their reference client.
// Answers are the platform's envelope; a refusal is a BoxApiError with its HTTP status and envelope code, so the
// outbox can tell "try again later" (network, 429, 5xx, 401) from "never" (another 4xx).
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { ModelSyncOffer } from '../simulator/modelSync.ts';
import { type FilePart, postMultipart } from '../simulator/multipartPost.ts';
import type { EdgeCamera, EdgeStreamReport } from './types.ts';

export interface BoxCredentials {
  /** The platform's base URL, e.g. http://127.0.0.1:8080 */
  platform: string;
  boxId: number;
  secret: string;
}

export class BoxApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /** Sending the same thing again later may succeed (the platform is away, busy, or the box not yet known). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 401 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export interface HeartbeatReport {
  version?: string;
  ip?: string;
  cpuUsage?: number;
  memoryUsage?: number;
  diskUsage?: number;
  runStates?: { cameraId: number; runState: 0 | 1 | 3 }[];
  streams?: EdgeStreamReport[];
  modelSyncAcks?: { syncId: number; applied: boolean; reason?: string }[];
}

export interface HeartbeatAnswer {
  commands: { id: number; command: string; payload: unknown }[];
  /** Cameras as the platform describes them; fields a platform without the edge additions leaves out are filled. */
  cameras: EdgeCamera[];
  heartbeatSeconds: number;
  modelSyncs: ModelSyncOffer[];
}

export interface AlarmFields {
  cameraId: number;
  eventType: number;
  alarmTime: string;
  confidence: number;
  /** In snapshot pixels. */
  box: { x: number; y: number; w: number; h: number };
  attributes?: Record<string, string | number | boolean>;
  boxEventId: string;
}

export interface RecordingFields {
  cameraId: number;
  startTime: string;
  endTime: string;
  boxEventId?: string;
  kind?: 'alarm' | 'continuous';
  track?: { t: number; x: number; y: number; w: number; h: number }[];
}

const TIMEOUT_MS = 30_000;

export class BoxClient {
  readonly credentials: BoxCredentials;
  private readonly base: string;

  constructor(credentials: BoxCredentials) {
    this.credentials = credentials;
    this.base = credentials.platform.replace(/\/+$/, '');
  }

  get headers(): Record<string, string> {
    return { 'x-box-id': String(this.credentials.boxId), 'x-box-secret': this.credentials.secret };
  }

  async heartbeat(report: HeartbeatReport): Promise<HeartbeatAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.base}/api/ingest/heartbeat`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify(report),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new BoxApiError(0, -1, (error as Error).message);
    }
    const answer = unwrap<HeartbeatAnswer>(res.status, await res.text());
    return { ...answer, cameras: answer.cameras.map(withDefaults), modelSyncs: answer.modelSyncs ?? [] };
  }

  async postAlarm(fields: AlarmFields, snapshot: Buffer): Promise<{ id: number; seq: number }> {
    const text: Record<string, string> = {
      cameraId: String(fields.cameraId),
      eventType: String(fields.eventType),
      alarmTime: fields.alarmTime,
      confidence: String(fields.confidence),
      box: JSON.stringify(fields.box),
      boxEventId: fields.boxEventId,
    };
    if (fields.attributes) text.attributes = JSON.stringify(fields.attributes);
    return this.multipart('/api/ingest/alarm', text, { field: 'snapshot', fileName: 'snapshot.jpg', type: 'image/jpeg', bytes: snapshot });
  }

  /** Uploads a clip file, streamed from disk (continuous segments reach 64 MiB). */
  async postRecording(fields: RecordingFields, file: string): Promise<{ id: number }> {
    const text: Record<string, string> = { cameraId: String(fields.cameraId), startTime: fields.startTime, endTime: fields.endTime };
    if (fields.boxEventId) text.boxEventId = fields.boxEventId;
    if (fields.kind === 'continuous') text.kind = 'continuous';
    if (fields.track) text.track = JSON.stringify(fields.track);
    return this.streamFile('/api/ingest/recording', text, 'clip', file);
  }

  /** The box socket's URL (ws: or wss:). */
  socketUrl(): string {
    return `${this.base.replace(/^http/, 'ws')}/api/ingest/socket`;
  }

  private async multipart<T>(path: string, fields: Record<string, string>, file: FilePart): Promise<T> {
    let answer: { status: number; body: string };
    try {
      answer = await postMultipart(`${this.base}${path}`, this.headers, fields, file);
    } catch (error) {
      throw new BoxApiError(0, -1, (error as Error).message);
    }
    return unwrap<T>(answer.status, answer.body);
  }

  private async streamFile<T>(path: string, fields: Record<string, string>, field: string, file: string): Promise<T> {
    // A random 96-bit boundary: the chance that a video's bytes contain it is negligible, and the file is not read
    // twice to check.
    const boundary = `----argus-edge-${randomBytes(12).toString('hex')}`;
    let head = '';
    for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const size = (await stat(file)).size;
    const url = new URL(`${this.base}${path}`);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = send(
          url,
          { method: 'POST', headers: { ...this.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) }, timeout: 120_000 },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('no answer in 120 s')));
        req.on('error', reject);
        req.write(head);
        pipeline(createReadStream(file), req, { end: false })
          .then(() => req.end(tail))
          .catch(reject);
      });
      return unwrap<T>(status, body);
    } catch (error) {
      if (error instanceof BoxApiError) throw error;
      throw new BoxApiError(0, -1, (error as Error).message);
    }
  }
}

function unwrap<T>(status: number, text: string): T {
  let body: { code?: number; msg?: string; data?: T };
  try {
    body = JSON.parse(text);
  } catch {
    throw new BoxApiError(status || 502, -1, `the platform answered ${status} without its envelope`);
  }
  if (body.code !== 0) throw new BoxApiError(status === 200 ? 400 : status, body.code ?? -1, body.msg ?? 'refused');
  return body.data as T;
}

/** A camera item with the edge fields a platform may leave out set to what they mean when absent. */
function withDefaults(camera: Partial<EdgeCamera> & Pick<EdgeCamera, 'cameraId' | 'kind' | 'started' | 'eventIds'>): EdgeCamera {
  return {
    name: `camera ${camera.cameraId}`,
    stream: null,
    detectFps: 2,
    recording: { continuous: false, segmentSeconds: 60, preSeconds: 3, postSeconds: 5 },
    events: [],
    ...camera,
  };
}
