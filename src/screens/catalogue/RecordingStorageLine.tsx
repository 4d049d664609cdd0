// Beside the recording retention settings: what continuous recordings use of the data directory's disk now, the
// limits the settings make of it, and whether uploads are being refused at the floor.
import { useTranslation } from 'react-i18next';
import { LoadProblem } from '../../components/data/LoadProblem.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { type RecordingStorage, recordingStorage } from './catalogueApi.ts';

function size(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function RecordingStorageLine() {
  const { t } = useTranslation('catalogue');
  const { t: tc } = useTranslation('common');
  const storage = useLoaded((signal) => recordingStorage(signal), null as RecordingStorage | null);
  if (storage.status === 'error') {
    return <LoadProblem message={t('recordingStorage.failed', { reason: storage.error })} retryLabel={tc('resource.retry')} onRetry={storage.reload} className="settings-hint" retryClassName="settings-retry" />;
  }
  const s = storage.data;
  if (!s) return <p className="settings-hint">{t('recordingStorage.loading')}</p>;
  return (
    <p className="settings-hint" role="status">
      {t('recordingStorage.summary', { segments: s.segments, used: size(s.recordingBytes), limit: size(s.shareLimitBytes), free: size(s.freeBytes), total: size(s.diskBytes), floor: size(s.floorBytes) })}
      {s.oldestTime ? ` ${t('recordingStorage.oldest', { time: s.oldestTime })}` : ''}
      {s.acceptingUploads ? '' : ` ${t('recordingStorage.refusing')}`}
    </p>
  );
}
