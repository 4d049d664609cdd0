// /urgentEvent: the urgent list of §4 — fire, accidents, breakdowns, congestion (the server's urgent types). It
// starts from POST /warn/event/urgent/list and takes urgent alarms live from the session's socket: a new one goes
// to the front unless it is there already, at most 50, the oldest dropped. An event can be taken off the list, or
// the list cleared (the alarms themselves stay; handle them here or in /historyEvent).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { URGENT_LIST_CAP } from '../../machines/urgentList.ts';
import { useAlarmTopic, useRealtime, useReconnects } from '../../realtime/useRealtime.ts';
import { AlarmActions } from './AlarmActions.tsx';
import { AlarmSnapshot } from './AlarmSnapshot.tsx';
import { listUrgentAlarms } from './alarmsApi.ts';
import { statusKey, useTypeName } from './alarmText.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import './alarms.css';
import './alarmLive.css';

type Load = { status: 'loading' | 'ready' } | { status: 'error'; message: string };

export default function UrgentEventScreen() {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const { store } = useRealtime();
  const urgent = useAlarmTopic('urgent');
  const reconnects = useReconnects();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { confirm, dialog } = useConfirm();

  // On open, on Retry, and after a reconnect (what changed meanwhile is not replayed).
  const reloadKey = `${attempt}|${reconnects}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey stands for Retry and reconnects
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    listUrgentAlarms(controller.signal).then(
      (alarms) => {
        if (controller.signal.aborted) return;
        store.addUrgent(alarms);
        store.merge(alarms);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => !controller.signal.aborted && setLoad({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [reloadKey, store]);

  const clearAll = () =>
    confirm({
      title: t('urgent.clearTitle'),
      message: t('urgent.clearMessage', { count: urgent.length }),
      confirmLabel: t('actions.clear'),
      action: async () => store.clearUrgent(),
    });

  return (
    <section className="alarm-screen">
      <header className="alarm-screen-header">
        <h1>{t('urgent.title')}</h1>
        <ConnectionBanner />
        <div className="alarm-toolbar">
          <span className="alarm-muted">{t('urgent.count', { count: urgent.length, max: URGENT_LIST_CAP })}</span>
          <Button onClick={clearAll} disabled={urgent.length === 0}>
            {t('actions.clear')}
          </Button>
        </div>
      </header>
      {load.status === 'error' ? (
        <p className="alarm-problem" role="alert">
          {t('urgent.loadFailed', { reason: load.message })}{' '}
          <button type="button" className="alarm-link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('actions.retry')}
          </button>
        </p>
      ) : null}
      {urgent.length === 0 ? (
        <p className="alarm-empty" aria-busy={load.status === 'loading'}>
          {load.status === 'loading' ? t('urgent.loading') : t('urgent.empty')}
        </p>
      ) : (
        <ul className="alarm-urgent-list" aria-label={t('urgent.title')}>
          {urgent.map((alarm) => (
            <li key={alarm.id} className="alarm-urgent-item" data-alarm-id={alarm.id}>
              <AlarmSnapshot alarm={alarm} compact />
              <div>
                <strong>{typeName(alarm.eventType)}</strong>
                <dl className="alarm-facts">
                  <dt>{t('fields.camera')}</dt>
                  <dd>{alarm.cameraName}</dd>
                  <dt>{t('fields.alarmTime')}</dt>
                  <dd>{alarm.alarmTime}</dd>
                  <dt>{t('fields.status')}</dt>
                  <dd>{t(`status.${statusKey(alarm.status)}`)}</dd>
                </dl>
                <AlarmActions alarm={alarm} offer={['confirm', 'ignore']} store={store} size="xs" />
              </div>
              <Button size="xs" appearance="subtle" onClick={() => store.removeUrgent(alarm.id)} aria-label={t('urgent.remove', { id: alarm.id })}>
                {t('actions.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
