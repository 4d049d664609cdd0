// The confusion matrix at the current threshold; a cell opens its images. The 2 × 2 grid itself is shared with the
// comparison of two versions.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfusionCell } from '../../domain/trainingReport.ts';
import type { TrainSample } from './trainingApi.ts';
import './thumbGrid.css';

type Label = 'positive' | 'negative';
const LABELS: readonly Label[] = ['positive', 'negative'];

/** Actual classes by row, predicted by column; `cell` draws each count. */
export function ConfusionGrid({ caption, testId, cell }: { caption: string; testId: string; cell(actual: Label, predicted: Label): ReactNode }) {
  const { t } = useTranslation('training');
  return (
    <table className="train-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {LABELS.map((predicted) => (
            <th key={predicted} scope="col">
              {t('report.predicted', { label: t(`labels.${predicted}`) })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {LABELS.map((actual) => (
          <tr key={actual}>
            <th scope="row">{t('report.actual', { label: t(`labels.${actual}`) })}</th>
            {LABELS.map((predicted) => (
              <td key={predicted}>{cell(actual, predicted)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `samples`: the algorithm's samples by id (a cell's sample not among them shows by its number). */
export function ConfusionMatrix({ cells, samples }: { cells: ConfusionCell[]; samples: Map<number, TrainSample> }) {
  const { t } = useTranslation('training');
  const [open, setOpen] = useState<{ actual: string; predicted: string } | null>(null);
  const cell = (actual: string, predicted: string) => cells.find((c) => c.actual === actual && c.predicted === predicted)!;
  const shown = open ? cell(open.actual, open.predicted) : null;
  return (
    <div className="train-confusion">
      <ConfusionGrid
        caption={t('report.confusion')}
        testId="confusion"
        cell={(actual, predicted) => (
          <button type="button" aria-pressed={open?.actual === actual && open.predicted === predicted} onClick={() => setOpen({ actual, predicted })}>
            {cell(actual, predicted).ids.length}
          </button>
        )}
      />
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
