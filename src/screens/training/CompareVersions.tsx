// Two versions of an algorithm side by side: accuracy, average precision, log-loss, threshold, sample counts, the
// accuracy and average precision after JPEG q60 and after a 320 px resize (with the robustness warning), per-class
// precision / recall / F1 and the confusion matrix — each at the version's own recommended threshold, recomputed
// from its saved out-of-fold scores — with the change from the first to the second.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { figuresAt, robustnessAt } from '../../domain/trainingReport.ts';
import type { TrainVersionDetail } from './versionsApi.ts';
import { ConfusionGrid } from './ConfusionMatrix.tsx';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
type Kind = 'pct' | 'decimal' | 'count';
const FORMAT: Record<Kind, (n: number) => string> = { pct, decimal: (n) => n.toFixed(3), count: String };
/** A figure a version's report may lack (robustness, measured since issue 36) shows as a dash. */
const shown = (n: number | null, kind: Kind) => (n === null ? '—' : FORMAT[kind](n));

/** The change from a to b: percentage points for rates, plain for the rest. */
function delta(a: number | null, b: number | null, kind: Kind): string {
  if (a === null || b === null) return '—';
  const d = b - a;
  if (Math.abs(d) < 1e-9) return '±0';
  const size = kind === 'pct' ? `${(Math.abs(d) * 100).toFixed(1)} pt` : kind === 'decimal' ? Math.abs(d).toFixed(3) : String(Math.abs(d));
  return `${d > 0 ? '+' : '−'}${size}`;
}

type Row = { key: string; label: string; a: number | null; b: number | null; kind: Kind };

function rowsOf(a: TrainVersionDetail, b: TrainVersionDetail, t: TFunction<'training'>): Row[] {
  const fa = figuresAt(a.report.scores, a.report.threshold);
  const fb = figuresAt(b.report.scores, b.report.threshold);
  const rows: Row[] = [
    { key: 'accuracy', label: t('versions.accuracy'), a: fa.accuracy, b: fb.accuracy, kind: 'pct' },
    { key: 'ap', label: t('versions.ap'), a: a.report.averagePrecision, b: b.report.averagePrecision, kind: 'pct' },
    { key: 'logLoss', label: t('compare.logLoss'), a: a.report.logLoss, b: b.report.logLoss, kind: 'decimal' },
    { key: 'threshold', label: t('versions.threshold'), a: a.threshold, b: b.threshold, kind: 'decimal' },
    { key: 'positive', label: t('compare.positiveCount'), a: a.positiveCount, b: b.positiveCount, kind: 'count' },
    { key: 'negative', label: t('compare.negativeCount'), a: a.negativeCount, b: b.negativeCount, kind: 'count' },
  ];
  const ra = robustnessAt(a.report.scores, a.report.threshold);
  const rb = robustnessAt(b.report.scores, b.report.threshold);
  rows.push(
    { key: 'jpeg60', label: t('compare.robustAccuracy', { change: t('robust.jpeg60') }), a: ra.jpeg60, b: rb.jpeg60, kind: 'pct' },
    { key: 'jpeg60-ap', label: t('compare.robustAp', { change: t('robust.jpeg60') }), a: a.report.robustness?.jpeg60.averagePrecision ?? null, b: b.report.robustness?.jpeg60.averagePrecision ?? null, kind: 'pct' },
    { key: 'resize320', label: t('compare.robustAccuracy', { change: t('robust.resize320') }), a: ra.resize320, b: rb.resize320, kind: 'pct' },
    { key: 'resize320-ap', label: t('compare.robustAp', { change: t('robust.resize320') }), a: a.report.robustness?.resize320.averagePrecision ?? null, b: b.report.robustness?.resize320.averagePrecision ?? null, kind: 'pct' },
  );
  for (const [i, c] of fa.perClass.entries()) {
    const other = fb.perClass[i] ?? c;
    const name = t(`labels.${c.label}`);
    rows.push(
      { key: `${c.label}-p`, label: t('compare.classFigure', { name, figure: t('report.precision') }), a: c.precision, b: other.precision, kind: 'pct' },
      { key: `${c.label}-r`, label: t('compare.classFigure', { name, figure: t('report.recall') }), a: c.recall, b: other.recall, kind: 'pct' },
      { key: `${c.label}-f`, label: t('compare.classFigure', { name, figure: t('report.f1') }), a: c.f1, b: other.f1, kind: 'pct' },
    );
  }
  return rows;
}

function Matrix({ version }: { version: TrainVersionDetail }) {
  const { t } = useTranslation('training');
  const cells = figuresAt(version.report.scores, version.report.threshold).confusion;
  const count = (actual: string, predicted: string) => cells.find((c) => c.actual === actual && c.predicted === predicted)?.ids.length ?? 0;
  return <ConfusionGrid caption={t('compare.confusion', { version: version.version })} testId={`compare-confusion-${version.id}`} cell={count} />;
}

export function CompareVersions({ a, b }: { a: TrainVersionDetail; b: TrainVersionDetail }) {
  const { t } = useTranslation('training');
  const rows = rowsOf(a, b, t);
  return (
    <section className="train-compare" aria-labelledby="compare-title">
      <h2 id="compare-title">{t('compare.title', { a: a.version, b: b.version })}</h2>
      <p>{t('compare.note')}</p>
      <table className="train-table" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">{t('compare.figure')}</th>
            <th scope="col">{a.version}</th>
            <th scope="col">{b.version}</th>
            <th scope="col">{t('compare.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{shown(row.a, row.kind)}</td>
              <td>{shown(row.b, row.kind)}</td>
              <td>{delta(row.a, row.b, row.kind)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {[a, b].map((v) => {
        const r = robustnessAt(v.report.scores, v.report.threshold);
        return r.warning ? (
          <p key={v.id} role="alert" className="train-problem" data-testid={`compare-warning-${v.id}`}>
            {t('compare.robustWarning', { version: v.version, points: ((r.drop ?? 0) * 100).toFixed(1) })}
          </p>
        ) : null;
      })}
      <div className="train-actions">
        <Matrix version={a} />
        <Matrix version={b} />
      </div>
    </section>
  );
}
