// /otherConfig (and /config_center/otherConfig): scenes, the recheck service address and the analysis server's
// video cards; and, as further tabs, the camera catalogue and the control units (/camera/*, /ctrlunit/*), which
// have no route of their own. The open tab is kept in ?tab= so a reload or a shared link lands on it.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import { CatalogueCamerasPanel } from './catalogue/CatalogueCamerasPanel.tsx';
import { CtrlUnitsPanel } from './catalogue/CtrlUnitsPanel.tsx';
import { RecheckPanel, VideoCardsPanel } from './other/RecheckPanel.tsx';
import { ScenesPanel } from './other/ScenesPanel.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';

const TABS = ['general', 'cameras', 'ctrlUnits'] as const;
type Tab = (typeof TABS)[number];

export default function OtherConfigScreen() {
  const { t } = useTranslation('devices');
  const holds = usePermission();
  const title = useScreenTitle(t('titles.otherConfig'));
  const canWrite = holds(['otherConfig', 'deviceConfig']);
  // The catalogue's writes are granted to the device-configuration modules (contract x-permission).
  const canWriteCatalogue = holds(['deviceConfig', 'deviceConfigImage']);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((key) => key === asked) ?? 'general';
  const choose = (next: Tab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'general') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    choose(next);
    document.getElementById(`other-tab-${next}`)?.focus();
  };
  return (
    <section className="devices-screen">
      <header className="devices-header">
        <h1>{title}</h1>
      </header>
      <div role="tablist" aria-label={t('catalogue.tabs.label')} className="box-drawer-tabs" onKeyDown={onKey}>
        {TABS.map((key) => (
          <button
            key={key}
            id={`other-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls="other-tab-panel"
            tabIndex={tab === key ? 0 : -1}
            className={tab === key ? 'box-drawer-tab active' : 'box-drawer-tab'}
            onClick={() => choose(key)}
          >
            {t(`catalogue.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="other-tab-panel" aria-labelledby={`other-tab-${tab}`}>
        {tab === 'general' ? (
          <>
            <ScenesPanel canWrite={holds(['deviceConfig', 'modelSceneConfig'])} />
            <RecheckPanel canWrite={canWrite} />
            <VideoCardsPanel />
          </>
        ) : null}
        {tab === 'cameras' ? <CatalogueCamerasPanel canWrite={canWriteCatalogue} /> : null}
        {tab === 'ctrlUnits' ? <CtrlUnitsPanel canWrite={canWriteCatalogue} /> : null}
      </div>
    </section>
  );
}
