// /otherConfig (and /config_center/otherConfig): scenes, the recheck service address and the analysis server's
// video cards; and, as further tabs, the camera catalogue and the control units (/camera/*, /ctrlunit/*), which
// have no route of their own. The open tab is kept in ?tab= so a reload or a shared link lands on it.
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { ResourceTable } from '../../components/resource/ResourceTable.tsx';
import { UrlTabs } from '../../components/resource/UrlTabs.tsx';
import { catalogueCamerasResource, ctrlUnitsResource } from './catalogue/catalogueResources.ts';
import { RecheckPanel, VideoCardsPanel } from './other/RecheckPanel.tsx';
import { ScenesPanel } from './other/ScenesPanel.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';

const TABS = ['general', 'cameras', 'ctrlUnits'] as const;

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
      <UrlTabs id="other" label={t('catalogue.tabs.label')} tabs={TABS.map((key) => ({ key, label: t(`catalogue.tabs.${key}`) }))}>
        {(tab) => (
          <>
            {tab === 'general' ? (
              <>
                <ScenesPanel canWrite={holds(['deviceConfig', 'modelSceneConfig'])} />
                <RecheckPanel canWrite={canWrite} />
                <VideoCardsPanel />
              </>
            ) : null}
            {tab === 'cameras' ? <ResourceTable resource={catalogueCamerasResource} /> : null}
            {tab === 'ctrlUnits' ? <ResourceTable resource={ctrlUnitsResource} /> : null}
          </>
        )}
      </UrlTabs>
    </section>
  );
}
