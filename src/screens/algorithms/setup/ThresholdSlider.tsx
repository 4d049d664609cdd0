// box_threshold as the detector's own score (the number printed on every box), with marks that say what 0.3, 0.5
// and 0.7 keep on real photos (docs/detector.md) and a histogram of the current candidates' scores under it, so a
// position shows what it keeps. The spec's default 0.7 is strict for this detector: the marks say so.
import { useTranslation } from 'react-i18next';
import Slider from 'rsuite/Slider';
import 'rsuite/Slider/styles/index.css';
import { DETECTOR_SCORE_MARKS } from '../../../domain/recognitionPrompts.ts';

export interface ThresholdSliderProps {
  value: number;
  onChange(value: number): void;
  /** Candidate scores of the last validation (for the histogram). */
  scores?: readonly number[];
  disabled?: boolean;
}

const BINS = 20;

export function ThresholdSlider({ value, onChange, scores = [], disabled }: ThresholdSliderProps) {
  const { t } = useTranslation('algorithms');
  const counts = Array.from({ length: BINS }, (_, i) => scores.filter((s) => Math.min(BINS - 1, Math.floor(s * BINS)) === i).length);
  const max = Math.max(1, ...counts);
  const kept = scores.filter((s) => s >= value).length;
  return (
    <div className="orch-threshold">
      <span id="orch-threshold-label" className="orch-threshold-label">
        {t('threshold.label')} <strong data-testid="threshold-value">{value.toFixed(2)}</strong>
      </span>
      {scores.length ? (
        <div className="orch-histogram" aria-hidden="true">
          {counts.map((n, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed positions
              key={i}
              className={i / BINS >= value - 1e-9 ? 'kept' : ''}
              style={{ height: `${Math.round((n / max) * 100)}%` }}
            />
          ))}
        </div>
      ) : null}
      <Slider
        id="orch-threshold"
        className="orch-threshold-slider"
        min={0.05}
        max={0.95}
        step={0.01}
        value={value}
        disabled={disabled}
        tooltip={false}
        progress
        aria-labelledby="orch-threshold-label"
        getAriaValueText={(current) => t('threshold.valueText', { value: current.toFixed(2) })}
        onChange={(next) => onChange(Math.round(next * 100) / 100)}
      />
      <div className="orch-marks">
        {DETECTOR_SCORE_MARKS.map((mark) => (
          <button
            key={mark.key}
            type="button"
            className="orch-mark"
            style={{ left: `${((mark.value - 0.05) / 0.9) * 100}%` }}
            disabled={disabled}
            onClick={() => onChange(mark.value)}
            title={t(`threshold.marks.${mark.key}`)}
          >
            {mark.value}
          </button>
        ))}
      </div>
      <p id="orch-threshold-hint" className="orch-muted">
        {t('threshold.hint')}
      </p>
      <ul className="orch-mark-notes">
        {DETECTOR_SCORE_MARKS.map((mark) => (
          <li key={mark.key}>
            <strong>{mark.value}</strong> {t(`threshold.marks.${mark.key}`)}
          </li>
        ))}
      </ul>
      {scores.length ? <p className="orch-muted">{t('threshold.kept', { kept, total: scores.length })}</p> : null}
    </div>
  );
}
