// The confusion matrix at the current threshold; a cell opens its images.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfusionCell } from '../../domain/trainingReport.ts';
import type { TrainSample } from './trainingApi.ts';

/** `samples`: the algorithm's samples by id (a cell's sample not among them shows by its number). */
export function ConfusionMatrix({ cells, samples }: { cells: ConfusionCell[]; samples: Map<number, TrainSample> }) {
  const { t } = useTranslation('training');
  const [open, setOpen] = useState<{ actual: string; predicted: string } | null>(null);
  const cell = (actual: string, predicted: string) => cells.find((c) => c.actual === actual && c.predicted === predicted)!;
  const shown = open ? cell(open.actual, open.predicted) : null;
  return (
    <div className="train-confusion">
      <table className="train-table" data-testid="confusion">
        <caption>{t('report.confusion')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('report.predicted', { label: t('labels.positive') })}</th>
            <th scope="col">{t('report.predicted', { label: t('labels.negative') })}</th>
          </tr>
        </thead>
        <tbody>
          {(['positive', 'negative'] as const).map((actual) => (
            <tr key={actual}>
              <th scope="row">{t('report.actual', { label: t(`labels.${actual}`) })}</th>
              {(['positive', 'negative'] as const).map((predicted) => (
                <td key={predicted}>
                  <button type="button" aria-pressed={open?.actual === actual && open.predicted === predicted} onClick={() => setOpen({ actual, predicted })}>
                    {cell(actual, predicted).ids.length}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown ? (
        <div className="train-cell-images" aria-live="polite">
          <p>{t('report.cellImages', { count: shown.ids.length, actual: t(`labels.${shown.actual}`), predicted: t(`labels.${shown.predicted}`) })}</p>
          <ul className="train-grid">
            {shown.ids.map((id) => {
              const sample = samples.get(id);
              return (
                <li key={id} className="train-thumb">
                  {sample ? <img src={sample.thumbUrl} alt={sample.fileName} width={96} height={96} loading="lazy" /> : t('report.sample', { id })}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
