// POST /warehouse/addAlarmSample: an alarm's crop becomes a training sample of a warehouse algorithm, positive or
// negative — so a false alarm becomes a negative of the next version. The detection box is cut from the alarm's
// snapshot with a fifth of the box added on each side (kept inside the picture), encoded as PNG at its own size,
// and stored through the checks every uploaded image passes (§5: format, at least 16 KB, 1000 per algorithm; the
// database holds the 16 KB too). A crop whose PNG is under 16 KB — a small or distant object, or a flat drawn
// scene like the simulated boxes' — is refused with its size and pixels rather than enlarged: upscaling would pass
// the rule without adding any detail to learn from.
import sharp from 'sharp';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { readImage } from '../alarms/alarmStore.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { humanSize } from '../../http/uploads.ts';
import { checkImage, MIN_IMAGE_BYTES } from './sampleRules.ts';
import { requireAlgorithm, storeSamples } from './sampleStore.ts';

/** Who may read an alarm in full (contract getWarnEventInfo). */
export const ALARM_READERS = ['historyEvent', 'actualTimeEvent', 'eventProcess', 'eventVerify', 'urgentEvent'];
/** Padding around the detection box, as a share of its width and height on each side. */
export const CROP_PADDING = 0.2;

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box padded on each side and kept inside the picture; null when nothing of it is inside. */
export function paddedCrop(box: { x: number; y: number; w: number; h: number }, imageWidth: number, imageHeight: number): CropBox | null {
  const padX = box.w * CROP_PADDING;
  const padY = box.h * CROP_PADDING;
  const left = Math.max(0, Math.floor(box.x - padX));
  const top = Math.max(0, Math.floor(box.y - padY));
  const right = Math.min(imageWidth, Math.ceil(box.x + box.w + padX));
  const bottom = Math.min(imageHeight, Math.ceil(box.y + box.h + padY));
  if (right - left < 1 || bottom - top < 1) return null;
  return { left, top, width: right - left, height: bottom - top };
}

export const alarmSampleHandlers: HandlerMap = {
  async addAlarmToSamples({ db, body, user, services }: Ctx<'addAlarmToSamples'>) {
    // The crop shows the alarm: the caller must be one who may read it.
    if (!ALARM_READERS.some((m) => user!.modules.has(m))) throw new ApiError(403, 'auth.forbidden', { module: ALARM_READERS.join(' | ') });
    const alarm = await db
      .selectFrom('alarms')
      .select(['id', 'imagePath', 'imageWidth', 'imageHeight', 'boxX', 'boxY', 'boxW', 'boxH'])
      .where('id', '=', body.alarmId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!alarm) throw notFound('entity.alarm', body.alarmId);
    await requireAlgorithm(db, body.algorithmId);
    if (!alarm.imagePath) throw new ApiError(409, 'training.alarmSample.noSnapshot', { id: alarm.id });
    const crop = paddedCrop({ x: alarm.boxX, y: alarm.boxY, w: alarm.boxW, h: alarm.boxH }, alarm.imageWidth, alarm.imageHeight);
    if (!crop || alarm.boxW <= 0 || alarm.boxH <= 0) throw new ApiError(409, 'training.alarmSample.noBox', { id: alarm.id });
    const dataDir = services.config.dataDir;
    const snapshot = await readImage(dataDir, alarm.imagePath).catch(() => null);
    if (!snapshot) throw new ApiError(409, 'training.alarmSample.noSnapshot', { id: alarm.id });
    const png = await sharp(snapshot, { failOn: 'error' }).extract(crop).png().toBuffer();
    if (png.length < MIN_IMAGE_BYTES) {
      throw new ApiError(400, 'training.alarmSample.tooSmall', { id: alarm.id, width: crop.width, height: crop.height, size: humanSize(png.length), min: humanSize(MIN_IMAGE_BYTES) });
    }
    const image = await checkImage(`alarm-${alarm.id}-${crop.width}x${crop.height}.png`, png);
    return storeSamples(db, dataDir, body.algorithmId, [{ ...image, label: body.label }]);
  },
};
