// /deviceConfigOfflineEvent: the events of offline videos, drawn on a frame taken from the video.
import { useTranslation } from 'react-i18next';
import { OfflineVideosScreen } from './OfflineVideosScreen.tsx';

export default function DeviceConfigOfflineEventScreen() {
  const { t } = useTranslation('devices');
  return <OfflineVideosScreen permission="deviceConfigOfflineEvent" title={t('titles.deviceConfigOfflineEvent')} />;
}
