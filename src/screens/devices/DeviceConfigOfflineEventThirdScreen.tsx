// /deviceConfigOfflineEventThird: the offline-video event configuration opened from a third-party page (no main layout).
import { useTranslation } from 'react-i18next';
import { OfflineVideosScreen } from './OfflineVideosScreen.tsx';
import { KeepOwnLocation } from './shared/KeepOwnLocation.tsx';

export default function DeviceConfigOfflineEventThirdScreen() {
  const { t } = useTranslation('devices');
  // Kept alive (§4): it keeps its own URL state while hidden.
  return (
    <KeepOwnLocation>
      <OfflineVideosScreen permission="deviceConfigOfflineEventThird" title={t('titles.deviceConfigOfflineEvent')} />
    </KeepOwnLocation>
  );
}
