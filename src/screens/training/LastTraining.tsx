// The figures of an algorithm's last training (the version it made: accuracy, average precision, folds), as its
// row of the warehouse or the production landing carries them (no request per row).
import { useTranslation } from 'react-i18next';
import type { WarehouseAlgorithm } from './trainingApi.ts';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The figures of an algorithm's last training, or its state while it has none. */
export function LastTraining({ algorithm }: { algorithm: WarehouseAlgorithm }) {
  const { t } = useTranslation('training');
  const { trainState, lastReport } = algorithm;
  if (trainState === null) return <>{t('picker.never')}</>;
  if (trainState !== 2 || !lastReport) return <>{t(`runState.${trainState}`)}</>;
  return <>{t('warehouse.figures', { version: lastReport.version, accuracy: pct(lastReport.accuracy), ap: pct(lastReport.averagePrecision), folds: lastReport.folds })}</>;
}
