// The parts of an image search on the retrieval screen: the similarity threshold the hits must reach (shown with the
// query images; the measured default until the user changes it) and, after a search, what was compared — candidates
// the background index has not reached yet, or whose vectors the server has not read back since its start, are not
// compared, and the screen says how many.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import InputNumber from 'rsuite/InputNumber';
import 'rsuite/InputNumber/styles/index.css';
import { DEFAULT_SIMILARITY } from '../../domain/retrievalThreshold.ts';
import type { RetrievalPage } from './retrievalApi.ts';

interface ThresholdProps {
  value: string;
  onChange(value: string): void;
}

export function SimilarityThreshold({ value, onChange }: ThresholdProps) {
  const { t } = useTranslation('alarms');
  const id = useId();
  return (
    <div className="retrieval-field">
      <label htmlFor={id}>{t('retrieval.threshold')}</label>
      <InputNumber
        id={id}
        size="sm"
        min={0}
        max={1}
        step={0.01}
        value={value}
        onChange={(next) => onChange(next === null ? '' : String(next))}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`} className="retrieval-note">
        {t('retrieval.thresholdHint', { value: DEFAULT_SIMILARITY })}
      </small>
    </div>
  );
}

export function ImageSearchSummary({ summary }: { summary: NonNullable<RetrievalPage['imageSearch']> }) {
  const { t } = useTranslation('alarms');
  return (
    <p className="retrieval-note" data-testid="retrieval-compared">
      {t('retrieval.compared', { compared: summary.compared, candidates: summary.candidates, threshold: summary.threshold, objects: summary.queryObjects, crops: summary.crops })}
      {summary.indexing > 0 ? ` ${t('retrieval.stillIndexing', { count: summary.indexing })}` : ''}
      {summary.loading > 0 ? ` ${t('retrieval.stillLoading', { count: summary.loading })}` : ''}
    </p>
  );
}
