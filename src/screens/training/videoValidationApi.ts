// Calls of the video validation on /testVerify (contract: startVideoValidation, getVideoValidation), and the poll
// the job-progress machine runs: the job as a JobSnapshot (running 1, done 2, failed 3).
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import type { VideoValidation, VideoValidationForm, VideoValidationFrame } from '../../api/schema.gen.ts';
import type { JobSnapshot } from '../../machines/jobProgress.machine.ts';
import { multipart } from './trainingApi.ts';

export type { VideoValidation, VideoValidationFrame };

const quiet = true;

/** Starts a validation of an uploaded video, or of a recording (recordId), one frame every `everySeconds`. */
export async function startVideoValidation(modelId: number, source: { file: File } | { recordId: number }, everySeconds = 1): Promise<VideoValidation> {
  const fields: Record<string, string> = { modelId: String(modelId), everySeconds: String(everySeconds) };
  if ('recordId' in source) fields.recordId = String(source.recordId);
  const files: [string, File][] = 'file' in source ? [['video', source.file]] : [];
  const answer = await orThrow(
    api.post('/evaluate/video', {
      body: fields as unknown as VideoValidationForm,
      bodySerializer: multipart(fields, files),
      quiet,
    }),
  );
  if (!answer) throw new ApiFailure(500, 'no job in the answer');
  return answer;
}

const STATES = { running: 1, done: 2, failed: 3 } as const;

export async function pollVideoValidation(id: number, signal?: AbortSignal): Promise<JobSnapshot<VideoValidation>> {
  const job = await orThrow(api.get('/evaluate/video/{id}', { params: { path: { id } }, signal, quiet }));
  if (!job) throw new ApiFailure(500, 'no job in the answer');
  return { state: STATES[job.state], progress: job.progress, message: job.error ?? '', detail: job };
}
