// A clip download job: the recordings of the camera that overlap the asked range, joined into one MP4 by ffmpeg
// (stream copy, no re-encode; a single recording is copied as it is), written under files/downloads/ and the job
// marked finished — or failed with the reason. Runs after the request is answered; the list shows its state.
import { randomBytes } from 'node:crypto';
import { copyFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { translate, type Lang } from '../../http/messages.ts';
import { concatClips, FfmpegMissingError } from '../../media/ffmpeg.ts';
import { recordingPath, writeRecordingFile } from './recordingStore.ts';

/** At most this many recordings go into one download (the 12 h limit with 4 s clips would be thousands). */
export const MAX_CLIPS_PER_DOWNLOAD = 200;

export interface DownloadSource {
  filePath: string;
}

const running = new Set<Promise<void>>();

/** Starts the job in the background; `settled()` waits for every running one (tests, shutdown). */
export function startDownloadJob(db: Kysely<Database>, dataDir: string, jobId: number, sources: DownloadSource[], lang: Lang): void {
  const job = produce(db, dataDir, jobId, sources, lang).catch(() => undefined);
  running.add(job);
  void job.finally(() => running.delete(job));
}

export async function downloadsSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}

async function produce(db: Kysely<Database>, dataDir: string, jobId: number, sources: DownloadSource[], lang: Lang): Promise<void> {
  await db.updateTable('videoDownloads').set({ status: 1, progress: 10, updatedAt: new Date() }).where('id', '=', jobId).where('status', '=', 0).execute();
  let filePath: string | null = null;
  try {
    let size: number;
    if (sources.length === 1) {
      filePath = await writeRecordingFile(dataDir, 'downloads', Buffer.alloc(0));
      await copyFile(recordingPath(dataDir, sources[0].filePath), recordingPath(dataDir, filePath));
      size = (await stat(recordingPath(dataDir, filePath))).size;
    } else {
      const list = join(tmpdir(), `argus-concat-${randomBytes(8).toString('hex')}.txt`);
      try {
        const joined = await concatClips(
          sources.map((source) => recordingPath(dataDir, source.filePath)),
          list,
        );
        filePath = await writeRecordingFile(dataDir, 'downloads', joined.output);
        size = joined.output.length;
      } finally {
        await rm(list, { force: true });
      }
    }
    // A job deleted meanwhile keeps no file.
    const done = await db
      .updateTable('videoDownloads')
      .set({ status: 2, progress: 100, size, filePath, updatedAt: new Date() })
      .where('id', '=', jobId)
      .returning('id')
      .executeTakeFirst();
    if (!done) await rm(recordingPath(dataDir, filePath), { force: true });
  } catch (error) {
    if (filePath) await rm(recordingPath(dataDir, filePath), { force: true });
    const reason = error instanceof FfmpegMissingError ? translate(lang, 'video.noFfmpeg') : translate(lang, 'video.joinFailed', { detail: String((error as Error).message).slice(0, 200) });
    await db.updateTable('videoDownloads').set({ status: 3, errorMsg: reason, updatedAt: new Date() }).where('id', '=', jobId).execute();
  }
}
