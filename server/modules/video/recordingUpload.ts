// Reads a box's recording upload: the text fields, then the clip streamed straight into its file under
// files/recordings/<day>/ (never held in memory: a continuous segment may be 64 MiB). The limit is the kind's,
// known from the `kind` field sent before the clip (a clip whose kind comes after it is held to an alarm clip's
// limit). Before any byte is written, the disk must stay above the recording settings' floor after it (507).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.ts';
import { asClientError } from '../../http/clientErrors.ts';
import { dayStamp } from '../../http/format.ts';
import { formParts } from '../../http/formParts.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import { type DiskUsage, floorBytes, type RecordingConfig } from './recordingRetention.ts';
import { recordingPath } from './recordingStore.ts';

export const CLIP_MAX_BYTES = 8 * 1024 * 1024;
export const SEGMENT_MAX_BYTES = 64 * 1024 * 1024;

export interface RecordingUpload {
  fields: Record<string, string>;
  /** Relative to files/. */
  filePath: string;
  size: number;
}

export interface UploadDisk {
  dataDir: string;
  diskUsage: DiskUsage;
  config: () => Promise<RecordingConfig>;
}

/** 507 when writing `bytes` would leave the disk under the floor. */
async function checkFloor(disk: UploadDisk, bytes: number): Promise<void> {
  const space = await disk.diskUsage(disk.dataDir);
  const floor = floorBytes(await disk.config(), space);
  if (space.free - bytes < floor) {
    throw new ApiError(507, 'video.recording.diskFloor', { free: humanSize(Math.max(0, space.free)), floor: humanSize(floor) });
  }
}

export async function readRecordingUpload(req: FastifyRequest, disk: UploadDisk): Promise<RecordingUpload> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'clip' });
  const fields: Record<string, string> = {};
  let stored: RecordingUpload | null = null;
  let written: string | null = null;
  try {
    for await (const part of formParts(req, { fileSize: SEGMENT_MAX_BYTES, files: 1, fields: 20, fieldSize: 70_000 })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'clip' || stored) {
        part.file.resume();
        continue;
      }
      const max = fields.kind === 'continuous' ? SEGMENT_MAX_BYTES : CLIP_MAX_BYTES;
      const declared = Number(req.headers['content-length']);
      await checkFloor(disk, Number.isFinite(declared) && declared > 0 ? Math.min(declared, max) : max);
      const relative = `recordings/${dayStamp()}/${randomBytes(16).toString('hex')}.mp4`;
      const absolute = recordingPath(disk.dataDir, relative);
      await mkdir(dirname(absolute), { recursive: true });
      written = absolute;
      let size = 0;
      // The kind's own limit (the multipart limit is the larger one, the segments').
      const bounded = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > max ? new ApiError(413, 'upload.tooLarge', { max: humanSize(max) }) : null, chunk);
        },
      });
      await pipeline(part.file, bounded, createWriteStream(absolute, { flags: 'wx' }));
      if (part.file.truncated) throw new ApiError(413, 'upload.tooLarge', { max: humanSize(max) });
      stored = { fields, filePath: relative, size };
    }
  } catch (error) {
    if (written) await rm(written, { force: true });
    throw asClientError(error, SEGMENT_MAX_BYTES) ?? error;
  }
  if (!stored) throw new ApiError(400, 'upload.missing', { field: 'clip' });
  // Judged by its bytes, as every upload is.
  const head = Buffer.alloc(12);
  const handle = await open(recordingPath(disk.dataDir, stored.filePath), 'r');
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (sniffType(head) !== 'video/mp4') {
    await rm(recordingPath(disk.dataDir, stored.filePath), { force: true });
    throw new ApiError(415, 'upload.badType', { types: 'mp4' });
  }
  return stored;
}
