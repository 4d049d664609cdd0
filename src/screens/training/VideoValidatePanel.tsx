// Validation on a video (issue 10): upload a short video or pick a recording of the video centre; the server
// samples a frame a second (at most 60) and scores each with the chosen model. The job's progress is polled by the
// job-progress machine; the scores are drawn as a timeline with the threshold, and the frames over it listed.
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';
import { EChart } from '../../components/chart/EChart.tsx';
import { FileUploader, type PickedFile, pickEntry } from '../../components/upload/FileUploader.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { type JobSnapshot, jobProgressMachine } from '../../machines/jobProgress.machine.ts';
import { listRecords, type Page, type VideoRecord } from '../video/videoApi.ts';
import { videoScoreOption } from './videoScoreChart.ts';
import { pollVideoValidation, startVideoValidation, type VideoValidation } from './videoValidationApi.ts';

const NO_RECORDS: Page<VideoRecord> = { list: [], total: 0 };

/** The seconds a full validation queue asks to wait (HTTP 429, `data.retryAfter`), or null for any other failure. */
export function busySeconds(failure: unknown): number | null {
  if (!(failure instanceof ApiFailure) || failure.code !== 429) return null;
  const seconds = (failure.data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export function VideoValidatePanel({ modelId }: { modelId: number }) {
  const { t } = useTranslation('training');
  const may = usePermission();
  const canPick = may('videoPlayCenter');
  const records = useLoaded((signal) => (canPick ? listRecords({ pageNo: 1, pageSize: 20 }, signal) : Promise.resolve(NO_RECORDS)), NO_RECORDS, canPick ? 1 : 0);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const file = picked?.file ?? null;
  const [recordId, setRecordId] = useState<number | null>(null);
  const [job, setJob] = useState<{ id: number; run: number } | null>(null);
  const [starting, setStarting] = useState(false);
  // Kept as what happened, not as text: a language switch re-renders it.
  const [error, setError] = useState<{ error: string } | { seconds: number } | null>(null);

  const start = async () => {
    const source = file ? { file } : recordId ? { recordId } : null;
    if (!source) return;
    setStarting(true);
    setError(null);
    try {
      const started = await startVideoValidation(modelId, source);
      setJob((current) => ({ id: started.id, run: (current?.run ?? 0) + 1 }));
    } catch (failure) {
      const seconds = busySeconds(failure);
      setError(seconds === null ? { error: failure instanceof Error ? failure.message : String(failure) } : { seconds });
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="train-validate" aria-labelledby="video-validate-title">
      <h2 id="video-validate-title">{t('videoValidate.title')}</h2>
      <p>{t('videoValidate.help')}</p>
      <label htmlFor="video-validate-file">{t('videoValidate.file')}</label>
      <FileUploader
        id="video-validate-file"
        accept=".mp4,.webm,video/mp4,video/webm"
        files={picked ? [picked] : []}
        disabled={starting}
        onAdd={([chosen]) => {
          setPicked(chosen ? pickEntry(chosen) : null);
          setRecordId(null);
        }}
        onRemove={() => setPicked(null)}
      />
      {canPick ? (
        <>
          <label htmlFor="video-validate-record" id="video-validate-record-label">
            {t('videoValidate.record')}
          </label>
          <SelectPicker
            id="video-validate-record"
            aria-labelledby="video-validate-record-label"
            block
            searchable={false}
            disabled={records.status !== 'ready' || records.data.list.length === 0}
            placeholder={records.status === 'ready' && records.data.list.length === 0 ? t('videoValidate.noRecords') : t('videoValidate.pickRecord')}
            data={records.data.list.map((r) => ({ value: r.id, label: t('videoValidate.recordOption', { camera: r.cameraName, time: r.startTime, seconds: r.duration }) }))}
            value={recordId}
            onChange={(value) => {
              setRecordId(value ?? null);
              setPicked(null);
            }}
          />
        </>
      ) : null}
      <Button appearance="primary" disabled={starting || (!file && !recordId)} onClick={start}>
        {t('videoValidate.run')}
      </Button>
      {starting ? <p role="status">{t('videoValidate.decoding')}</p> : null}
      {error ? (
        <p role="alert" className="train-problem">
          {'seconds' in error ? t('videoValidate.busy', { seconds: error.seconds }) : t('serverSaid', { error: error.error })}
        </p>
      ) : null}
      {job ? <VideoValidationProgress key={job.run} id={job.id} /> : null}
    </section>
  );
}

function VideoValidationProgress({ id }: { id: number }) {
  const { t } = useTranslation('training');
  const machine = useMemo(
    () => jobProgressMachine.provide({ actors: { poll: fromPromise<JobSnapshot, { taskId: number }>(({ input, signal }) => pollVideoValidation(input.taskId, signal)) } }),
    [],
  );
  const [snapshot] = useMachine(machine, { input: { taskId: id } });
  const { context } = snapshot;
  const result = (context.snapshot?.detail ?? null) as VideoValidation | null;
  const over = result?.frames.filter((f) => f.triggered) ?? [];
  return (
    <div aria-live="polite">
      {context.status === null ? (
        <p role="status">
          {t('videoValidate.progress', { progress: context.snapshot?.progress ?? 0, count: result?.frameCount ?? 0 })}
          <progress max={100} value={context.snapshot?.progress ?? 0} />
        </p>
      ) : null}
      {context.status === 'failed' ? <p role="alert" className="train-problem">{t('serverSaid', { error: result?.error ?? '' })}</p> : null}
      {context.status === 'lost' ? <p role="alert" className="train-problem">{t('videoValidate.lost', { error: context.error ?? '' })}</p> : null}
      {result && result.frames.length > 0 ? (
        <>
          <EChart
            option={videoScoreOption(result.frames, result.threshold, { score: t('videoValidate.score'), threshold: t('videoValidate.threshold'), second: t('videoValidate.second') })}
            label={t('videoValidate.chart', { count: result.frames.length, over: over.length, threshold: result.threshold.toFixed(3) })}
            height={240}
            loadingText={t('loading')}
            failedText={t('videoValidate.chartFailed')}
          />
          <h3>{t('videoValidate.over', { count: over.length, threshold: result.threshold.toFixed(3) })}</h3>
          {over.length === 0 && context.status === 'done' ? <p>{t('videoValidate.noneOver')}</p> : null}
          <ul className="train-video-frames">
            {over.map((f) => (
              <li key={f.index}>
                <img src={f.url} alt={t('videoValidate.frameAlt', { second: f.second })} width={160} />
                <span>{t('videoValidate.frameText', { second: f.second, score: f.score.toFixed(3) })}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
