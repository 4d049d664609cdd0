// algorithms: validating a setup event on 1–10 images with the platform's object detector (server/ml/detector.ts).
// The prompts resolve to the detector's classes (or are answered as unsupported, with the reason); every candidate
// box of a requested class down to the floor is answered with whether it passes the threshold, and the rule says
// whether each image raises the event. Validating the draft's own prompts marks the draft validated, which
// publishing needs.
import type { FastifyRequest } from 'fastify';
import { defaultScoreForClasses } from '../../../src/domain/detectorDefaults.ts';
import { checkPrompts, ruleTriggered, setsBoxThreshold } from '../../../src/domain/orchestrationParam.ts';
import { CANDIDATE_FLOOR, type PromptSupport, resolvePrompt } from '../../../src/domain/recognitionPrompts.ts';
import { ApiError } from '../../http/apiError.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { formParts } from '../../http/formParts.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import { DETECTOR_INFO, DetectorBusyError, DetectorInputError, detect } from '../../ml/detector.ts';
import { logModelCall } from '../stats/modelCalls.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { checkedParam, requireSetupEvent, sha256 } from './setupEventStore.ts';

const MAX_FILES = 10;
const MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

interface ValidateForm {
  id?: string;
  prompts?: string;
  boxThreshold?: string;
  files: { fileName: string; buffer: Buffer }[];
}

/** Reads the form: the fields and up to 10 image files, each bounded and checked by content. */
async function readForm(req: FastifyRequest): Promise<ValidateForm> {
  if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'files' });
  const form: ValidateForm = { files: [] };
  for await (const part of formParts(req, { fileSize: MAX_BYTES, files: MAX_FILES + 1, fields: 10, fieldSize: 4096 })) {
    if (part.type === 'field') {
      if (part.fieldname === 'id' || part.fieldname === 'prompts' || part.fieldname === 'boxThreshold') form[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'files') {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    if (form.files.length >= MAX_FILES) throw new ApiError(400, 'algorithms.tooManyImages');
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch {
      throw new ApiError(413, 'upload.tooLarge', { max: humanSize(MAX_BYTES) });
    }
    if (part.file.truncated || buffer.length > MAX_BYTES) throw new ApiError(413, 'upload.tooLarge', { max: humanSize(MAX_BYTES) });
    const type = sniffType(buffer);
    if (!type || !IMAGE_TYPES.has(type)) throw new ApiError(415, 'upload.badType', { types: 'jpg, png, webp, gif' });
    form.files.push({ fileName: part.filename.slice(0, 255), buffer });
  }
  if (form.files.length === 0) throw new ApiError(400, 'upload.missing', { field: 'files' });
  return form;
}

function parseId(text: string | undefined): number {
  const id = Number(text);
  if (!text || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new ApiError(400, 'algorithms.badId');
  return id;
}

function parsePrompts(text: string | undefined): string[] | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'algorithms.badPromptsField');
  }
  if (checkPrompts(value)) throw new ApiError(400, 'algorithms.badPromptsField');
  return value as string[];
}

function parseThreshold(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new ApiError(400, 'algorithms.badThreshold');
  return value;
}

const toSupport = (s: PromptSupport): Schema<'PromptSupport'> => ({
  prompt: s.prompt,
  supported: s.supported,
  classes: [...s.classes],
  via: s.supported ? s.via : null,
  reason: s.supported ? null : s.reason,
});

export const setupEventValidateHandlers: HandlerMap = {
  async validateSetupEvent({ db, req, user }: Ctx<'validateSetupEvent'>) {
    const form = await readForm(req);
    const id = parseId(form.id);
    const sentPrompts = parsePrompts(form.prompts);
    const sentThreshold = parseThreshold(form.boxThreshold);
    const draft = await requireSetupEvent(db, id);
    const param = checkedParam(draft.param);
    const prompts = sentPrompts ?? param.identifyObj.prompt;
    if (prompts.length === 0) throw new ApiError(400, 'algorithms.noPrompts');
    const support = prompts.map(resolvePrompt);
    const supported = support.filter((s) => s.supported);
    // A draft that sets no threshold of its own is validated at the detector's measured default for its classes.
    const ownThreshold = setsBoxThreshold(draft.param) ? param.identifyObj.box_threshold : defaultScoreForClasses(supported.flatMap((s) => s.classes));
    const boxThreshold = sentThreshold ?? ownThreshold;
    const minScore = Math.min(CANDIDATE_FLOOR, boxThreshold);
    const started = performance.now();

    const images: Schema<'SetupEventValidationImage'>[] = [];
    for (const [index, file] of form.files.entries()) {
      let result: Awaited<ReturnType<typeof detect>>;
      const callStarted = performance.now();
      // Every call of the model goes to the call log (large-model statistics), failed ones with their code.
      const logCall = (errorCode: number | null) =>
        logModelCall(db, { model: DETECTOR_INFO.name, operation: 'validateSetupEvent', latencyMs: performance.now() - callStarted, errorCode, userName: user?.username ?? null });
      try {
        result = await detect(file.buffer, { minScore: Math.max(0.05, minScore) });
        await logCall(null);
      } catch (error) {
        if (error instanceof DetectorInputError) {
          await logCall(415);
          throw new ApiError(415, 'algorithms.imageUndecodable', { file: file.fileName });
        }
        if (error instanceof DetectorBusyError) {
          await logCall(429);
          throw new ApiError(429, 'algorithms.detectorBusy');
        }
        await logCall(500);
        req.log.error({ err: error }, 'detector failed');
        throw new ApiError(500, 'algorithms.detectorFailed');
      }
      const detections = result.detections
        .map((d) => ({ ...d, prompts: supported.filter((s) => (s.classes as readonly string[]).includes(d.label)).map((s) => s.prompt) }))
        .filter((d) => d.prompts.length > 0 && d.score >= minScore)
        .map((d): Schema<'SetupEventDetection'> => ({ label: d.label, prompts: d.prompts, score: d.score, box: d.box, passed: d.score >= boxThreshold }));
      images.push({
        index,
        fileName: file.fileName,
        width: result.width,
        height: result.height,
        costMs: Math.round(result.totalMs),
        detections,
        triggered: ruleTriggered(
          param.rule,
          supported.map((s) => s.prompt),
          detections,
          boxThreshold,
        ),
      });
    }

    // The draft counts as validated only when what ran is what it holds (its prompts and threshold).
    const draftValidated =
      (sentPrompts === undefined || JSON.stringify(sentPrompts) === JSON.stringify(param.identifyObj.prompt)) &&
      (sentThreshold === undefined || sentThreshold === ownThreshold);
    const paramHash = sha256(draft.param);
    const validationId = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('setupEventValidations')
        .values({
          setupEventId: id,
          userName: user?.username ?? '',
          paramSha256: paramHash,
          prompts: JSON.stringify(support.map((s) => ({ prompt: s.prompt, supported: s.supported }))),
          boxThreshold,
          images: JSON.stringify(
            images.map((i) => ({ fileName: i.fileName, width: i.width, height: i.height, passed: i.detections.filter((d) => d.passed).length, triggered: i.triggered })),
          ),
          imageCount: images.length,
          triggeredCount: images.filter((i) => i.triggered).length,
          costMs: Math.round(performance.now() - started),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Compare-and-set on the param: an edit saved while the detector ran is not marked validated.
      if (draftValidated) {
        await trx
          .updateTable('setupEvents')
          .set({ validatedParamSha256: paramHash, validatedAt: new Date() })
          .where('id', '=', id)
          .where('param', '=', draft.param)
          .execute();
      }
      return row.id;
    });

    return {
      id,
      validationId,
      prompts: support.map(toSupport),
      boxThreshold,
      minScore,
      rule: param.rule,
      draftValidated,
      detector: { name: DETECTOR_INFO.name, classCount: DETECTOR_INFO.classes.length },
      images,
    } satisfies Schema<'SetupEventValidation'>;
  },
};
