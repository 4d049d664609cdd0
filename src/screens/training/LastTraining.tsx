// The figures of an algorithm's last training (the version it made: accuracy, average precision, folds), loaded
// for a row of the warehouse or the production landing.
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { getTrainTask, type WarehouseAlgorithm } from './trainingApi.ts';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The figures of an algorithm's last training, loaded for its row. */
export function LastTraining({ algorithm }: { algorithm: WarehouseAlgorithm }) {
  const { t } = useTranslation('training');
  const taskId = algorithm.lastTrainTaskId;
  const task = useLoaded((signal) => (taskId ? getTrainTask(taskId, signal) : Promise.resolve(null)), null, taskId ?? 0);
  if (!taskId) return <>{t('picker.never')}</>;
  if (task.status === 'loading') return <>{t('loading')}</>;
  if (task.status === 'error' || !task.data) return <>{t('warehouse.figuresFailed')}</>;
  const report = task.data.report;
  if (task.data.state !== 2 || !report) return <>{t(`runState.${task.data.state}`)}</>;
  return <>{t('warehouse.figures', { version: task.data.version ?? '—', accuracy: pct(report.accuracy), ap: pct(report.averagePrecision), folds: report.folds })}</>;
}
