// /algorithmConfig, /algorithmConfigSuper (administrators: with the advanced parameters) and
// /config_center/algorithmConfig: each algorithm's parameters, then the event catalogue — algorithm events,
// disabled and restarted (§4), and their types — as declared resources. Tabs in ?tab=.
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../components/resource/ResourceTable.tsx';
import { UrlTabs } from '../../components/resource/UrlTabs.tsx';
import { useScreenTitle } from '../devices/shared/useScreenTitle.ts';
import { AlgorithmParamsPanel } from './AlgorithmParamsPanel.tsx';
import { eventsResource, eventTypesResource } from './eventResources.ts';
import '../../components/resource/resource.css';

const TABS = ['params', 'events', 'eventTypes'] as const;

export default function AlgorithmConfigScreen() {
  const { t } = useTranslation('catalogue');
  const title = useScreenTitle(t('params.screen'));
  return (
    <section className="resource-screen" aria-labelledby="algorithm-config-title">
      <header>
        <h1 id="algorithm-config-title">{title}</h1>
      </header>
      <UrlTabs id="algorithmConfig" label={t('params.tabs.label', { title })} tabs={TABS.map((key) => ({ key, label: t(`params.tabs.${key}`) }))}>
        {(tab) => (
          <>
            {tab === 'params' ? <AlgorithmParamsPanel /> : null}
            {tab === 'events' ? <ResourceTable resource={eventsResource} /> : null}
            {tab === 'eventTypes' ? <ResourceTable resource={eventTypesResource} /> : null}
          </>
        )}
      </UrlTabs>
    </section>
  );
}
