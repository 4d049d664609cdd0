// The 'please wait' overlay (§7): shown while any call made with the loading flag runs (counted, so overlapping
// calls keep it until the last ends). It covers the page so nothing is clicked twice meanwhile.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoadingCounter, loadingCalls } from '../api/loading.ts';
import './LoadingOverlay.css';

export function LoadingOverlay({ counter = loadingCalls }: { counter?: LoadingCounter }) {
  const { t } = useTranslation('errors');
  const busy = useSyncExternalStore(counter.subscribe, () => counter.count() > 0);
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-busy="true">
      <div className="loading-box">
        <span className="loading-spinner" aria-hidden="true" />
        <p className="loading-text">{t('request.pleaseWait')}</p>
      </div>
    </div>
  );
}
