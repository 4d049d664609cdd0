// /deviceConfigOfflineEventWhite: the capability showcase (white layout) of offline-video events.
import { useTranslation } from 'react-i18next';
import { OfflineVideosScreen } from './OfflineVideosScreen.tsx';

export default function DeviceConfigOfflineEventWhiteScreen() {
  const { t } = useTranslation('devices');
  return <OfflineVideosScreen permission="deviceConfigOfflineEventWhite" title={t('titles.deviceConfigOfflineEventWhite')} />;
}
