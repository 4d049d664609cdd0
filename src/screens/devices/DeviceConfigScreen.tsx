// /deviceConfig (and /config_center/deviceConfig): live-stream cameras — list, add, start/stop, export, and each
// camera's snapshot, drawn areas and event settings.
import { useTranslation } from 'react-i18next';
import { DevicesScreen } from './DevicesScreen.tsx';

export default function DeviceConfigScreen() {
  const { t } = useTranslation('devices');
  return <DevicesScreen kind="normal" permission="deviceConfig" title={t('titles.deviceConfig')} />;
}
