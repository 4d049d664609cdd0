// Recording files under <dataDir>/files/recordings/<day>/<random>.mp4 (random names: /files is served without a
// token), and the check that a stored file is a complete MP4 with a video track.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dayStamp } from '../../http/format.ts';
import { type Mp4Info, NotMp4Error, readMp4Info } from '../../media/mp4Info.ts';

export function recordingPath(dataDir: string, relative: string): string {
  return join(dataDir, 'files', relative);
}

/** Writes the bytes under a new name in `area` (recordings, downloads); answers the path relative to files/. */
export async function writeRecordingFile(dataDir: string, area: 'recordings' | 'downloads', bytes: Buffer): Promise<string> {
  const relative = `${area}/${dayStamp()}/${randomBytes(16).toString('hex')}.mp4`;
  const absolute = recordingPath(dataDir, relative);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, bytes, { flag: 'wx' });
  return relative;
}

export async function removeRecordingFile(dataDir: string, relative: string | null | undefined): Promise<void> {
  if (relative) await rm(recordingPath(dataDir, relative), { force: true });
}

/** The clip's video size when every top-level box is whole (a cut-short upload is not) and it has a video track. */
export function checkMp4(bytes: Buffer, file: string): Mp4Info {
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw new NotMp4Error('cut short');
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = at + 16 <= bytes.length ? Number(bytes.readBigUInt64BE(at + 8)) : 0;
    else if (size === 0) size = bytes.length - at;
    if (size < 8 || at + size > bytes.length) throw new NotMp4Error('cut short');
    at += size;
  }
  return readMp4Info(file);
}

/** checkMp4 for a file on disk: every top-level box whole (read by its headers only), and a video track. */
export async function checkMp4File(file: string): Promise<Mp4Info> {
  const handle = await open(file, 'r');
  try {
    const { size: length } = await handle.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    while (at < length) {
      if (at + 8 > length) throw new NotMp4Error('cut short');
      const { bytesRead } = await handle.read(head, 0, 16, at);
      let size = head.readUInt32BE(0);
      if (size === 1) size = bytesRead >= 16 ? Number(head.readBigUInt64BE(8)) : 0;
      else if (size === 0) size = length - at;
      if (size < 8 || at + size > length) throw new NotMp4Error('cut short');
      at += size;
    }
  } finally {
    await handle.close();
  }
  return readMp4Info(file);
}
