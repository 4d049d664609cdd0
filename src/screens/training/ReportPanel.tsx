// The evaluation report of the trained version (cross-validated on the operator's own samples): the threshold
// slider recomputes every figure from the out-of-fold scores (the robustness figures too); the confusion matrix
// opens the images of a cell; the PR curve marks the current threshold. The §4 metric hints are on each figure.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import InputNumber from 'rsuite/InputNumber';
import Slider from 'rsuite/Slider';
import 'rsuite/InputNumber/styles/index.css';
import 'rsuite/Slider/styles/index.css';
import 'rsuite/Button/styles/index.css';
import { EChart } from '../../components/chart/EChart.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { figuresAt } from '../../domain/trainingReport.ts';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import { ConfusionMatrix } from './ConfusionMatrix.tsx';
import { RobustnessPanel } from './RobustnessPanel.tsx';
import { listSamples, type TrainReport } from './trainingApi.ts';
import { StepAction } from './StepAction.tsx';
import './report.css';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

interface Props {
  algorithmId: number;
  report: TrainReport;
  /** The wizard's: offers going on to validation. Absent where a saved report is only read. */
  send?: (event: TrainingEvent) => void;
  /** Where the slider starts in the wizard: the threshold chosen or saved there before (else the recommended one). */
  initialThreshold?: number;
}

export function ReportPanel({ algorithmId, report, send, initialThreshold }: Props) {
  const { t } = useTranslation('training');
  const list = useLoaded((signal) => listSamples(algorithmId, null, signal).then((page) => page.list), [], algorithmId);
  const samples = useMemo(() => new Map(list.data.map((s) => [s.id, s])), [list.data]);
  const [threshold, setLocalThreshold] = useState(initialThreshold ?? report.threshold);
  // In the wizard the chosen threshold goes to the machine, which saves it with the version before validation.
  const setThreshold = (value: number) => {
    setLocalThreshold(value);
    send?.({ type: 'SET_THRESHOLD', threshold: Math.round(value * 100) / 100 });
  };
  const at = useMemo(() => figuresAt(report.scores, threshold), [report.scores, threshold]);
  const [positive] = at.perClass;
  const option = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 40 },
      xAxis: { type: 'value', min: 0, max: 1, name: t('report.recall'), nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'value', min: 0, max: 1, name: t('report.precision') },
      tooltip: { trigger: 'item' },
      series: [
        { type: 'line', name: t('report.prCurve'), showSymbol: false, data: report.prCurve.map((p) => [p.recall, p.precision]) },
        { type: 'scatter', name: t('report.atThreshold'), symbolSize: 12, data: [[positive.recall, positive.precision]] },
      ],
    }),
    [report.prCurve, positive.recall, positive.precision, t],
  );
  return (
    <div className="train-report">
      <p>{t('report.method', { method: t(`report.methods.${report.method}`), folds: report.folds, dim: report.featureDim })}</p>
      <div className="train-threshold">
        <span id="train-threshold-label">{t('report.threshold', { value: threshold.toFixed(2), recommended: report.threshold.toFixed(2) })}</span>
        <Slider
          className="train-threshold-slider"
          min={0}
          max={1}
          step={0.01}
          value={threshold}
          tooltip={false}
          progress
          aria-labelledby="train-threshold-label"
          onChange={(next) => setThreshold(Math.round(next * 100) / 100)}
        />
        <label htmlFor="train-threshold">{t('report.thresholdInput')}</label>
        <InputNumber
          id="train-threshold"
          size="sm"
          className="train-threshold-input"
          min={0}
          max={1}
          step={0.01}
          value={threshold}
          onChange={(next) => {
            const value = Number(next);
            if (next !== null && next !== '' && Number.isFinite(value) && value >= 0 && value <= 1) setThreshold(value);
          }}
        />
        <Button size="sm" appearance="link" onClick={() => setThreshold(report.threshold)}>
          {t('report.recommended')}
        </Button>
      </div>
      <ul className="train-figures">
        <li title={t('hints.accuracy')}>{t('report.accuracy', { value: pct(at.accuracy) })}</li>
        <li title={t('hints.mAP')}>{t('report.averagePrecision', { value: pct(report.averagePrecision) })}</li>
        <li title={t('hints.loss')}>{t('report.logLoss', { value: report.logLoss.toFixed(3) })}</li>
      </ul>
      <RobustnessPanel report={report} threshold={threshold} />
      <table className="train-table" data-testid="per-class">
        <caption>{t('report.perClass')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('report.class')}</th>
            <th scope="col" title={t('hints.precision')}>{t('report.precision')}</th>
            <th scope="col" title={t('hints.recall')}>{t('report.recall')}</th>
            <th scope="col" title={t('hints.f1')}>{t('report.f1')}</th>
            <th scope="col" title={t('hints.support')}>{t('report.support')}</th>
          </tr>
        </thead>
        <tbody>
          {[...at.perClass.map((c) => ({ name: t(`labels.${c.label}`), ...c })), { name: t('report.macro'), ...at.macro }, { name: t('report.weighted'), ...at.weighted }].map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{pct(row.precision)}</td>
              <td>{pct(row.recall)}</td>
              <td>{pct(row.f1)}</td>
              <td>{row.support}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfusionMatrix cells={at.confusion} samples={samples} />
      <EChart option={option} label={t('report.prCurveLabel', { ap: pct(report.averagePrecision) })} height={280} loadingText={t('report.chartLoading')} failedText={t('report.chartFailed')} />
      {send ? (
        <StepAction>
          <Button appearance="primary" onClick={() => send({ type: 'NEXT' })}>
            {t('report.toValidate')}
          </Button>
        </StepAction>
      ) : null}
    </div>
  );
}
