// /deviceConfigImage: picture-capture cameras — their pictures (the latest alarm image) are what areas are drawn on.
import { useTranslation } from 'react-i18next';
import { DevicesScreen } from './DevicesScreen.tsx';

export default function DeviceConfigImageScreen() {
  const { t } = useTranslation('devices');
  return <DevicesScreen kind="image" permission="deviceConfigImage" title={t('titles.deviceConfigImage')} />;
}
