// /deviceConfigOffline: uploaded offline videos and their events.
import { useTranslation } from 'react-i18next';
import { OfflineVideosScreen } from './OfflineVideosScreen.tsx';

export default function DeviceConfigOfflineScreen() {
  const { t } = useTranslation('devices');
  return <OfflineVideosScreen permission="deviceConfigOffline" title={t('titles.deviceConfigOffline')} />;
}
