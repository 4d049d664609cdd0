// /imgTaskConfig: image alarm configuration — the events of picture-capture cameras, drawn on their latest picture.
import { useTranslation } from 'react-i18next';
import { DevicesScreen } from '../devices/DevicesScreen.tsx';

export default function ImgTaskConfigScreen() {
  const { t } = useTranslation('tasks');
  return <DevicesScreen kind="image" permission="imgTaskConfig" title={t('titles.imgTaskConfig')} />;
}
