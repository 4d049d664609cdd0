// /otherConfig (and /config_center/otherConfig): scenes, the recheck service address and the analysis server's
// video cards.
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { RecheckPanel, VideoCardsPanel } from './other/RecheckPanel.tsx';
import { ScenesPanel } from './other/ScenesPanel.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';

export default function OtherConfigScreen() {
  const { t } = useTranslation('devices');
  const holds = usePermission();
  const title = useScreenTitle(t('titles.otherConfig'));
  const canWrite = holds(['otherConfig', 'deviceConfig']);
  return (
    <section className="devices-screen">
      <header className="devices-header">
        <h1>{title}</h1>
      </header>
      <ScenesPanel canWrite={holds(['deviceConfig', 'modelSceneConfig'])} />
      <RecheckPanel canWrite={canWrite} />
      <VideoCardsPanel />
    </section>
  );
}
