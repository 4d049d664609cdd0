// How a version holds up on what cameras do to pictures: accuracy and average precision of the out-of-fold images
// as uploaded, saved again as JPEG quality 60 and resized to 320 px — accuracy recomputed at the report's current
// threshold from each sample's scores — with the warning when the robust accuracy is more than 10 points below,
// and the augmentation and seed the training used.
import { useTranslation } from 'react-i18next';
import { robustnessAt } from '../../domain/trainingReport.ts';
import type { TrainReport } from './trainingApi.ts';
import './report.css';

const pct = (value: number | null | undefined) => (typeof value === 'number' ? `${(value * 100).toFixed(1)}%` : '—');

export function RobustnessPanel({ report, threshold }: { report: TrainReport; threshold: number }) {
  const { t } = useTranslation('training');
  const at = robustnessAt(report.scores, threshold);
  const r = report.robustness;
  const a = report.augmentation;
  return (
    <section className="train-robust" aria-labelledby="train-robust-title" data-testid="robustness">
      <h3 id="train-robust-title">{t('robust.title')}</h3>
      {at.drop === null || !r ? (
        <p className="train-muted">{t('robust.notMeasured')}</p>
      ) : (
        <>
          <table className="train-table">
            <thead>
              <tr>
                <th scope="col">{t('robust.condition')}</th>
                <th scope="col" title={t('hints.accuracy')}>
                  {t('robust.accuracy')}
                </th>
                <th scope="col" title={t('hints.mAP')}>
                  {t('robust.ap')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('robust.clean')}</th>
                <td>{pct(at.clean)}</td>
                <td>{pct(report.averagePrecision)}</td>
              </tr>
              <tr>
                <th scope="row">{t('robust.jpeg60')}</th>
                <td>{pct(at.jpeg60)}</td>
                <td>{pct(r.jpeg60.averagePrecision)}</td>
              </tr>
              <tr>
                <th scope="row">{t('robust.resize320')}</th>
                <td>{pct(at.resize320)}</td>
                <td>{pct(r.resize320.averagePrecision)}</td>
              </tr>
            </tbody>
          </table>
          {at.warning ? (
            <p role="alert" className="train-problem" data-testid="robust-warning">
              {t('robust.warning', { points: ((at.drop ?? 0) * 100).toFixed(1) })}
            </p>
          ) : (
            <p className="train-ok">{t('robust.holds', { points: (Math.max(0, at.drop ?? 0) * 100).toFixed(1) })}</p>
          )}
        </>
      )}
      <p className="train-muted">
        {a ? (a.copies > 0 ? t('robust.augmented', { count: a.images, copies: a.copies, mirrored: a.flip ? t('robust.mirrored') : t('robust.notMirrored') }) : t('robust.noAugmentation')) : t('robust.augmentationUnknown')}
        {typeof report.seed === 'number' ? ` ${t('robust.seed', { seed: report.seed })}` : ''}
      </p>
    </section>
  );
}
