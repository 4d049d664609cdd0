// POST /ingest/alarm: an edge box reports an alarm with its snapshot. Authenticated by the box's own id and
// secret; validated; the snapshot stored; the row committed with the next seq; then pushed.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerContext, HandlerMap } from '../../http/handler.ts';
import { TokenBucket } from '../../http/tokenBucket.ts';
import { readUpload } from '../../http/uploads.ts';
import { IMAGE_BOUNDS, safeSnapshot } from '../../media/imageSafety.ts';
import { disabledEventIds } from '../catalogue/disabledEvents.ts';
import { authenticateBox, type Cached, cached, cacheFor } from '../edgeBox/boxAuth.ts';
import { removeImageFile, writeImageFile } from './alarmStore.ts';
import { insertAlarm, type StoredAlarm } from './alarmWriter.ts';
import { parseIngestFields } from './ingestFields.ts';

export const SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Per box and per server instance (contract: 429 beyond 20 alarms a second on average, 20 at once). */
export const MAX_ALARMS_PER_SECOND = 20;

const SNAPSHOT_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png' };

export const ingestHandlers: HandlerMap = {
  async ingestAlarm({ db, req, lang, services }: HandlerContext) {
    const boxId = await authenticateBox(db, req);
    if (!withinRate(boxId)) throw new ApiError(429, 'alarms.ingest.rateLimited', { max: MAX_ALARMS_PER_SECOND });
    const upload = await readUpload(req, { field: 'snapshot', maxBytes: SNAPSHOT_MAX_BYTES, types: SNAPSHOT_TYPES });
    const fields = parseIngestFields(upload.fields, lang);

    const camera = await cameraOf(db, fields.cameraId);
    if (!camera || camera.boxId !== boxId) throw new ApiError(403, 'alarms.ingest.foreignCamera', { cameraId: fields.cameraId });
    // Spec §4: a disabled event raises no alarms (an event id the catalogue does not list is not governed by it).
    if ((await disabledEventIds(db)).has(fields.eventType)) throw new ApiError(409, 'alarms.ingest.eventDisabled', { eventType: fields.eventType });

    // Bounded and rewritten: the stored snapshot holds only pixel data (a plain PNG or JPEG's own, or the server's
    // re-encode of anything else), whatever else the box sent.
    const image = await safeSnapshot(upload.buffer, IMAGE_BOUNDS.alarmImage, { field: 'snapshot', accept: ['jpeg', 'png'] });
    const size = { width: image.width, height: image.height };
    const { x, y, w, h } = fields.box;
    if (x + w > size.width || y + h > size.height) throw new ApiError(400, 'alarms.ingest.boxOutside', { ...size });

    const dataDir = services.config.dataDir;
    const imagePath = await writeImageFile(dataDir, 'alarms', image.buffer, image.extension, Boolean(services.config.databaseUrl));
    let stored: StoredAlarm;
    try {
      stored = await insertAlarm(
        db,
        {
          cameraId: camera.id,
          cameraName: camera.name,
          boxId,
          boxEventId: fields.boxEventId,
          eventType: fields.eventType,
          alarmTime: fields.alarmTime,
          confidence: fields.confidence,
          boxX: x,
          boxY: y,
          boxW: w,
          boxH: h,
          imageWidth: size.width,
          imageHeight: size.height,
          imagePath,
          attributes: JSON.stringify(fields.attributes),
          simulated: fields.simulated,
          sceneId: camera.sceneId,
          sceneName: camera.sceneName,
        },
        services.realtime?.crossInstance ? services.realtime.origin : null,
      );
    } catch (error) {
      await removeImageFile(dataDir, imagePath);
      throw error;
    }
    if (stored.duplicate) await removeImageFile(dataDir, imagePath);
    else if (stored.row) services.realtime?.alarmStored(stored.row);
    return { id: stored.id, seq: stored.seq };
  },
};

type CameraRow = { id: number; name: string; boxId: number | null; sceneId: number | null; sceneName: string | null };
const cameraCaches = new WeakMap<Kysely<Database>, Map<number, Cached<CameraRow>>>();

function cameraOf(db: Kysely<Database>, id: number) {
  return cached(cacheFor(cameraCaches, db), id, () =>
    db
      .selectFrom('devices')
      .leftJoin('scenes', 'scenes.id', 'devices.sceneId')
      .select(['devices.id', 'devices.name', 'devices.boxId', 'devices.sceneId', 'scenes.sceneName'])
      .where('devices.id', '=', id)
      .executeTakeFirst(),
  );
}

/** One bucket per box: 20 a second on average, 20 at once. */
const buckets = new Map<number, TokenBucket>();

export function withinRate(boxId: number, now = performance.now()): boolean {
  let bucket = buckets.get(boxId);
  if (!bucket) {
    if (buckets.size >= 10_000) buckets.clear();
    bucket = new TokenBucket(MAX_ALARMS_PER_SECOND, MAX_ALARMS_PER_SECOND, now);
    buckets.set(boxId, bucket);
  }
  return bucket.take(now);
}
