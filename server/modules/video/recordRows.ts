// Recordings as the contract answers them, and a camera's latest frame taken from its latest recording.
import type { Kysely, Selectable } from 'kysely';
import type { TrackPoint, VideoRecordTable } from '../../db/alarmTables.ts';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { recordingPath } from './recordingStore.ts';

export function toRecord(r: Selectable<VideoRecordTable>) {
  const track = (typeof r.track === 'string' ? JSON.parse(r.track) : r.track) as TrackPoint[];
  return {
    id: r.id,
    cameraId: r.cameraId,
    cameraName: r.cameraName,
    startTime: formatTime(r.startTime) as string,
    endTime: formatTime(r.endTime) as string,
    duration: Math.max(0, Math.round((r.endTime.getTime() - r.startTime.getTime()) / 1000)),
    size: r.size === null ? null : Number(r.size),
    playUrl: r.playUrl,
    createTime: formatTime(r.createdAt) as string,
    alarmId: r.alarmId,
    kind: r.kind,
    width: r.width,
    height: r.height,
    track: Array.isArray(track) ? track : [],
  };
}

/** The last frame of the camera's latest recording as a JPEG data URL; null when there is none or ffmpeg fails. */
export async function latestRecordingFrame(db: Kysely<Database>, dataDir: string, cameraId: number) {
  const latest = await db
    .selectFrom('videoRecords')
    .select(['filePath', 'endTime'])
    .where('cameraId', '=', cameraId)
    .where('filePath', 'is not', null)
    .orderBy('endTime', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest?.filePath) return null;
  try {
    const grab = await runFfmpeg(['-sseof', '-1', '-i', recordingPath(dataDir, latest.filePath), '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1'], {
      timeoutMs: 5000,
      maxOutputBytes: 4 * 1024 * 1024,
    });
    if (grab.output.length < 4) return null;
    return { cameraId, imageUrl: `data:image/jpeg;base64,${grab.output.toString('base64')}`, time: formatTime(latest.endTime) as string, source: 'recording' as const };
  } catch {
    return null;
  }
}
