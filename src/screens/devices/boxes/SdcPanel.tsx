// The SDC apps and message topics a box last reported (read-only; empty before its first report).
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { type SdcApp, type SdcTopic, sdcApps, sdcTopics } from './boxExtrasApi.ts';

async function loadSdc(boxId: number, signal: AbortSignal) {
  const [apps, topics] = await Promise.all([sdcApps(boxId, signal), sdcTopics(boxId, signal)]);
  return { apps, topics };
}

export function SdcPanel({ boxId }: { boxId: number }) {
  const { t } = useTranslation('devices');
  const data = useLoaded((signal) => loadSdc(boxId, signal), { apps: [] as SdcApp[], topics: [] as SdcTopic[] }, boxId);
  if (data.status === 'loading') return <p aria-busy="true">{t('boxExtras.loading')}</p>;
  if (data.status === 'error') {
    return (
      <div role="alert">
        <p>{t('boxExtras.loadFailed', { reason: data.error ?? '' })}</p>
        <Button size="sm" onClick={data.reload}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  const { apps, topics } = data.data;
  return (
    <div className="box-drawer-panel">
      <h3>{t('boxExtras.sdc.apps')}</h3>
      {apps.length === 0 ? (
        <p>{t('boxExtras.sdc.noApps')}</p>
      ) : (
        <table className="box-drawer-table">
          <thead>
            <tr>
              <th>{t('boxExtras.sdc.appName')}</th>
              <th>{t('boxExtras.sdc.version')}</th>
              <th>{t('boxExtras.sdc.state')}</th>
              <th>{t('boxExtras.sdc.camera')}</th>
              <th>{t('boxExtras.sdc.description')}</th>
            </tr>
          </thead>
          <tbody>
            {apps.map((app) => (
              <tr key={`${app.appName}:${app.cameraSerial ?? ''}`}>
                <td>{app.appName}</td>
                <td>{app.version ?? '–'}</td>
                <td>{t(`boxExtras.sdc.states.${app.state}`)}</td>
                <td>{app.cameraSerial ?? t('boxExtras.sdc.onBox')}</td>
                <td>{app.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('boxExtras.sdc.topics')}</h3>
      {topics.length === 0 ? (
        <p>{t('boxExtras.sdc.noTopics')}</p>
      ) : (
        <table className="box-drawer-table">
          <thead>
            <tr>
              <th>{t('boxExtras.sdc.topic')}</th>
              <th>{t('boxExtras.sdc.appName')}</th>
              <th>{t('boxExtras.sdc.description')}</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((topic) => (
              <tr key={`${topic.appName}:${topic.topic}`}>
                <td>{topic.topic}</td>
                <td>{topic.appName}</td>
                <td>{topic.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
