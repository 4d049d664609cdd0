// evaluation: predictBigSdk — detection of prompted objects on 1–10 images. The platform's detector is NanoDet-g
// (COCO-80, server/ml/detector.ts), not an open-vocabulary model: each prompt is resolved to the detector's classes
// as in algorithm validation, prompts it cannot see are left out of `prompts` (the prompts actually used), and when
// none is left the call says so. Images are data URLs or server paths; the server does not fetch outside URLs.
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { sniffType } from '../../http/uploads.ts';
import { DETECTOR_INFO, DetectorBusyError, DetectorInputError, detect } from '../../ml/detector.ts';
import { defaultScoreForClasses } from '../../../src/domain/detectorDefaults.ts';
import { PRESET_PROMPTS, resolvePrompt } from '../../../src/domain/recognitionPrompts.ts';
import { parseOrchestrationParam } from '../../../src/domain/orchestrationParam.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { logModelCall } from '../stats/modelCalls.ts';
import { fileSigner } from '../../http/fileSigning.ts';
import { imageRefBytes } from './describeImage.ts';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

export const predictBigSdkHandlers: HandlerMap = {
  async predictBigSdk({ db, body, services, user }: Ctx<'predictBigSdk'>) {
    let prompts: readonly string[] = body.prompts ?? [];
    if (prompts.length === 0 && body.eventId !== undefined) {
      const configured = await db.selectFrom('setupEvents').select('param').where('eventId', '=', body.eventId).executeTakeFirst();
      const parsed = configured ? parseOrchestrationParam(configured.param) : null;
      prompts = parsed?.ok && parsed.value.identifyObj.prompt.length > 0 ? parsed.value.identifyObj.prompt : (PRESET_PROMPTS[body.eventId] ?? []);
    }
    if (prompts.length === 0) throw new ApiError(400, 'training.noPrompts');
    const support = prompts.map(resolvePrompt);
    const used = support.filter((s) => s.supported);
    if (used.length === 0) throw new ApiError(400, 'training.noSupportedPrompts', { prompts: prompts.join(', ').slice(0, 200) });
    // Every image is read and checked before the detector runs.
    const signer = await fileSigner(db);
    const images = body.images.map((ref) => {
      if (/^https?:\/\//.test(ref)) throw new ApiError(400, 'training.outsideUrl');
      const bytes = imageRefBytes(ref, services.config.dataDir, signer);
      const type = sniffType(bytes);
      if (!type || !IMAGE_TYPES.has(type)) throw new ApiError(415, 'training.predictType');
      return bytes;
    });
    // No threshold sent: the detector's measured default for the prompted classes (src/domain/detectorDefaults.ts).
    const boxThreshold = body.boxThreshold ?? defaultScoreForClasses(used.flatMap((s) => s.classes));
    const started = performance.now();
    const results: Schema<'BigSdkPredictResult'>['results'] = [];
    for (const [index, bytes] of images.entries()) {
      const callStarted = performance.now();
      const log = (errorCode: number | null) =>
        logModelCall(db, { model: DETECTOR_INFO.name, operation: 'predictBigSdk', latencyMs: performance.now() - callStarted, errorCode, userName: user?.username ?? null });
      let result: Awaited<ReturnType<typeof detect>>;
      try {
        result = await detect(bytes, { minScore: Math.max(0.05, Math.min(boxThreshold, 1)) });
        await log(null);
      } catch (error) {
        if (error instanceof DetectorInputError) {
          await log(400);
          throw new ApiError(400, 'training.imageUndecodable');
        }
        if (error instanceof DetectorBusyError) {
          await log(429);
          throw new ApiError(429, 'training.modelServiceBusy');
        }
        await log(500);
        throw new ApiError(500, 'training.modelServiceFailed', { reason: DETECTOR_INFO.name });
      }
      const detections = result.detections.flatMap((d) => {
        const prompt = used.find((s) => (s.classes as readonly string[]).includes(d.label));
        if (!prompt || d.score < boxThreshold) return [];
        const [x1, y1, x2, y2] = d.box;
        const box = [x1 * result.width, y1 * result.height, x2 * result.width, y2 * result.height].map((v) => Math.round(v * 10) / 10);
        return [{ label: prompt.prompt, score: d.score, box }];
      });
      results.push({ index, width: result.width, height: result.height, detections });
    }
    return { prompts: used.map((s) => s.prompt), costMs: Math.round(performance.now() - started), results };
  },
};
