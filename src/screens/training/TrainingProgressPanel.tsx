// Training progress (polled by the jobProgress machine): the bar, the epoch and loss when the server reports them,
// cancel; a failed training shows why and offers to train again.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { ActorRefFrom } from 'xstate';
import type { JobSnapshot, jobProgressMachine } from '../../machines/jobProgress.machine.ts';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import type { TrainTask } from './trainingApi.ts';
import { StepAction } from './StepAction.tsx';
import './wizard.css';

export type ProgressRef = ActorRefFrom<typeof jobProgressMachine>;

interface Props {
  progressRef: ProgressRef | undefined;
  running: boolean;
  cancelling: boolean;
  failed: boolean;
  send: (event: TrainingEvent) => void;
}

export function TrainingProgressPanel({ progressRef, running, cancelling, failed, send }: Props) {
  if (progressRef && !failed) return <LiveProgress progressRef={progressRef} running={running} cancelling={cancelling} send={send} />;
  return <ProgressView progress={null} running={running} cancelling={cancelling} failed={failed} send={send} />;
}

/** Follows the poller's own snapshot (the wizard's does not change on each poll). */
function LiveProgress({ progressRef, ...rest }: { progressRef: ProgressRef; running: boolean; cancelling: boolean; send: Props['send'] }) {
  const progress = useSelector(progressRef, (s) => s.context.snapshot);
  return <ProgressView progress={progress} failed={false} {...rest} />;
}

function ProgressView({ progress, running, cancelling, failed, send }: Omit<Props, 'progressRef'> & { progress: JobSnapshot | null }) {
  const { t } = useTranslation('training');
  const task = (progress?.detail as { task?: TrainTask } | undefined)?.task;
  if (failed) {
    return (
      <div className="train-progress">
        <p>{t('train.failed')}</p>
        <StepAction>
          <Button appearance="primary" onClick={() => send({ type: 'TRAIN' })}>
            {t('train.again')}
          </Button>
        </StepAction>
        <Button appearance="link" onClick={() => send({ type: 'GOTO', step: 'health' })}>
          {t('train.backToHealth')}
        </Button>
      </div>
    );
  }
  const percent = progress?.progress ?? 0;
  return (
    <div className="train-progress">
      <label htmlFor="train-progress">{progress?.state === 0 ? t('train.queued') : t('train.running', { percent })}</label>
      <progress id="train-progress" max={100} value={percent} />
      {task ? <p>{t('train.samples', { positive: task.positiveCount, negative: task.negativeCount })}</p> : null}
      {running ? (
        <Button onClick={() => send({ type: 'CANCEL' })} disabled={cancelling}>
          {cancelling ? t('train.cancelling') : t('train.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
