// /otherConfig (and /config_center/otherConfig): scenes, the recheck service address and the analysis server's
// video cards; and, as further tabs, the catalogues that have no route of their own — catalogue cameras and control
// units (/camera/*, /ctrlunit/*), the unit tree, camera groups, time models — and the platform settings (alarm
// output, watermark, search and push, the allowed hosts of outbound calls). A tab shows when the user may read it;
// the open tab is kept in ?tab=.
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { ResourceTable } from '../../components/resource/ResourceTable.tsx';
import { UrlTabs } from '../../components/resource/UrlTabs.tsx';
import { CatalogueSettings } from '../catalogue/CatalogueSettings.tsx';
import { groupsResource, timeModelsResource, unitsResource } from '../catalogue/systemResources.ts';
import { catalogueCamerasResource, ctrlUnitsResource } from './catalogue/catalogueResources.ts';
import { RecheckPanel, VideoCardsPanel } from './other/RecheckPanel.tsx';
import { ScenesPanel } from './other/ScenesPanel.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

/** Each tab and who may read it (its list operation's x-permission). */
const TABS = [
  { key: 'general', read: null },
  { key: 'cameras', read: null },
  { key: 'ctrlUnits', read: null },
  { key: 'units', read: ['deviceConfig', 'boxDeviceConfig', 'deviceConfigOffline', 'taskConfig', 'historyEvent', 'actualTimeEvent', 'configTotal', 'eventStatistics'] },
  { key: 'groups', read: ['deviceConfig', 'taskConfig'] },
  { key: 'timeModels', read: ['taskConfig', 'batchTask', 'deviceConfig'] },
  { key: 'settings', read: ['otherConfig', 'plugManage', 'targetRetrieval', 'outboundAllow'] },
] as const;

export default function OtherConfigScreen() {
  const { t } = useTranslation('devices');
  const holds = usePermission();
  const title = useScreenTitle(t('titles.otherConfig'));
  const canWrite = holds(['otherConfig', 'deviceConfig']);
  return (
    <ScreenFrame className="devices-screen" headerClassName="devices-header" title={title}>
      <UrlTabs
        id="other"
        label={t('catalogue.tabs.label')}
        tabs={TABS.filter((tab) => tab.read === null || holds(tab.read)).map(({ key }) => ({ key, label: t(`catalogue.tabs.${key}`) }))}
      >
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
            {tab === 'units' ? <ResourceTable resource={unitsResource} /> : null}
            {tab === 'groups' ? <ResourceTable resource={groupsResource} /> : null}
            {tab === 'timeModels' ? <ResourceTable resource={timeModelsResource} /> : null}
            {tab === 'settings' ? <CatalogueSettings /> : null}
          </>
        )}
      </UrlTabs>
    </ScreenFrame>
  );
}
