// The per-box drawer of /edgeDevice/box: the work-clothes library, the governance tasks and the SDC apps and
// topics, as tabs (only the open tab loads). What the box runs and its platform connection are on
// /boxDeviceConfig (the row's "Configure"). Closing it (Escape, the close button, outside it) or changing tabs
// with a form changed and not saved asks first, as the rest of the console does.
import { type KeyboardEvent, type SyntheticEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'rsuite/Drawer';
import 'rsuite/Drawer/styles/index.css';
import { useDiscardConfirm } from '../../../components/table/ConfirmDialog.tsx';
import type { EdgeBox } from './boxesApi.ts';
import { GovernancePanel } from './GovernancePanel.tsx';
import { SdcPanel } from './SdcPanel.tsx';
import { WorkClothesPanel } from './WorkClothesPanel.tsx';

const TABS = ['clothes', 'governance', 'sdc'] as const;
/** An rsuite picker's open list or calendar. */
const PICKER_POPUP = '.rs-picker-popup';
type Tab = (typeof TABS)[number];

export function BoxDetailsDrawer({ box, canWrite, onClose }: { box: EdgeBox | null; canWrite: boolean; onClose(): void }) {
  const { t } = useTranslation('devices');
  const [tab, setTab] = useState<Tab>('clothes');
  // The open tab's form has changes not saved (a tab that is not shown has none: it is unmounted).
  const [dirty, setDirty] = useState(false);
  const { guard, dialog } = useDiscardConfirm();
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const show = (next: Tab) => {
    if (next === tab) return;
    guard(dirty, () => {
      setDirty(false);
      setTab(next);
    });
  };
  const close = (event?: SyntheticEvent) => {
    // Escape in an open picker (a date, the cameras) closes that picker only, not the drawer under it.
    if (event?.type === 'keydown' && document.querySelector(PICKER_POPUP)) return;
    guard(dirty, () => {
      setDirty(false);
      onClose();
    });
  };
  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    show(next);
    if (!dirty) document.getElementById(`box-tab-${next}`)?.focus();
  };
  return (
    <Drawer open={box !== null} onClose={close} size="lg" aria-labelledby="box-drawer-title">
      <Drawer.Header>
        <Drawer.Title id="box-drawer-title">{t('boxExtras.title', { name: box?.name ?? '' })}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <div role="tablist" aria-label={t('boxExtras.tabs.label')} className="box-drawer-tabs" onKeyDown={onKey}>
          {TABS.map((key) => (
            <button
              key={key}
              id={`box-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={tab === key}
              aria-controls={`box-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              className={tab === key ? 'box-drawer-tab active' : 'box-drawer-tab'}
              onClick={() => show(key)}
            >
              {t(`boxExtras.tabs.${key}`)}
            </button>
          ))}
        </div>
        {box ? (
          <div role="tabpanel" id={`box-panel-${tab}`} aria-labelledby={`box-tab-${tab}`}>
            {tab === 'clothes' ? <WorkClothesPanel boxId={box.id} canWrite={canWrite} onDirtyChange={onDirtyChange} /> : null}
            {tab === 'governance' ? <GovernancePanel boxId={box.id} canWrite={canWrite} onDirtyChange={onDirtyChange} /> : null}
            {tab === 'sdc' ? <SdcPanel boxId={box.id} /> : null}
          </div>
        ) : null}
      </Drawer.Body>
      {dialog}
    </Drawer>
  );
}
