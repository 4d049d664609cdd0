// One alarm in full: snapshot with the detection box, what was detected and where, how it was handled (with the
// handling history from the info call when asked), its subject attributes, and the handling buttons.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tag from 'rsuite/Tag';
import Tooltip from 'rsuite/Tooltip';
import Whisper from 'rsuite/Whisper';
import 'rsuite/Tag/styles/index.css';
import 'rsuite/Tooltip/styles/index.css';
import { selectSearchProperties, useSession } from '../../app/session.tsx';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import type { AlarmStore } from '../../realtime/alarmStore.ts';
import { AddToSamples } from './AddToSamples.tsx';
import { AlarmClipLink } from './AlarmClipLink.tsx';
import { AlarmActions } from './AlarmActions.tsx';
import type { ActionType } from './actionPermissions.ts';
import { AlarmSnapshot } from './AlarmSnapshot.tsx';
import { attributeRows, boxKeyNamer } from './alarmAttributes.ts';
import { alarmDetail, type WarnEvent, type WarnEventDetail } from './alarmsApi.ts';
import { confidenceText, STATUS_COLOURS, statusKey, useTypeName } from './alarmText.ts';
import { FalseDetectionToggle } from './FalseDetectionToggle.tsx';

interface Props {
  alarm: WarnEvent;
  offer?: readonly ActionType[];
  store?: AlarmStore;
  withHistory?: boolean;
  onSettled?: (status: AlarmStatus | null) => void;
}

export function AlarmDetail({ alarm, offer, store, withHistory = false, onSettled }: Props) {
  const { t, i18n } = useTranslation('alarms');
  const typeName = useTypeName();
  const properties = useSession(selectSearchProperties);
  const [detail, setDetail] = useState<{ status: 'loading' | 'ready' | 'error'; data: WarnEventDetail | null; error?: string }>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the alarm changes state (status) or on Retry (attempt)
  useEffect(() => {
    if (!withHistory) return;
    const controller = new AbortController();
    setDetail((current) => ({ status: 'loading', data: current.data?.id === alarm.id ? current.data : null }));
    alarmDetail(alarm.id, controller.signal).then(
      (data) => !controller.signal.aborted && setDetail({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setDetail({ status: 'error', data: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [alarm.id, alarm.status, withHistory, attempt]);

  const shown = detail.data?.id === alarm.id ? { ...alarm, ...detail.data } : alarm;
  // After an action the history (and the alarm as the server now has it) is read again; a deleted one is gone.
  const settled = (status: AlarmStatus | null) => {
    if (status !== null && withHistory) setAttempt((n) => n + 1);
    onSettled?.(status);
  };
  const attributes = attributeRows(shown.attributes, properties, i18n.language, boxKeyNamer(t, (key) => i18n.exists(key, { ns: 'alarms' })));
  const checkText = shown.checkResult === 1 ? t('check.qualified') : shown.checkResult === 2 ? t('check.unqualified') : null;
  // How it was handled: only what has happened.
  const handling = (
    [
      ['handleUser', shown.handleUser],
      ['handleTime', shown.handleTime],
      ['handleRemark', shown.handleRemark],
      ['dealResult', shown.dealResult],
      ['dealUser', shown.dealUser],
      ['dealTime', shown.dealTime],
      ['checkResult', checkText],
      ['checkUser', shown.checkUser],
      ['checkTime', shown.checkTime],
      ['againCount', shown.againCount > 0 ? String(shown.againCount) : null],
    ] as const
  ).filter((row): row is readonly [(typeof row)[0], string] => Boolean(row[1]));
  return (
    <article className="alarm-detail" aria-labelledby={`alarm-detail-${alarm.id}`}>
      <h2 id={`alarm-detail-${alarm.id}`} className="alarm-detail-title">
        {typeName(shown.eventType)} <Tag color={STATUS_COLOURS[shown.status]}>{t(`status.${statusKey(shown.status)}`)}</Tag>
        {shown.simulated ? <Tag>{t('fields.simulated')}</Tag> : null}
        {shown.errDetection ? <Tag color="orange">{t('fields.errDetection')}</Tag> : null}
      </h2>
      <AlarmSnapshot alarm={shown} />
      <AlarmClipLink alarmId={alarm.id} />
      <AddToSamples alarmId={alarm.id} />
      <AlarmActions key={alarm.id} alarm={shown} offer={offer} store={store} onSettled={settled} />
      {withHistory ? <FalseDetectionToggle id={alarm.id} marked={shown.errDetection} onChanged={() => setAttempt((n) => n + 1)} /> : null}
      <dl className="alarm-facts">
        <dt>{t('fields.id')}</dt>
        <dd>{shown.id}</dd>
        <dt>{t('fields.kind')}</dt>
        <dd>{t(`kind.${shown.eventKind}`)}</dd>
        <dt>{t('fields.camera')}</dt>
        <dd>{shown.cameraName}</dd>
        {shown.sceneName ? (
          <>
            <dt>{t('fields.scene')}</dt>
            <dd>{shown.sceneName}</dd>
          </>
        ) : null}
        <dt>{t('fields.alarmTime')}</dt>
        <dd>{shown.alarmTime}</dd>
        <dt>{t('fields.confidence')}</dt>
        <dd>{confidenceText(shown.confidence)}</dd>
        {handling.map(([key, value]) => (
          <FactRow key={key} name={t(`fields.${key}`)} value={value} />
        ))}
      </dl>
      <section aria-labelledby={`alarm-attributes-${alarm.id}`}>
        <h3 id={`alarm-attributes-${alarm.id}`}>{t('fields.attributes')}</h3>
        {attributes.length === 0 ? (
          <p className="alarm-muted">{t('detail.noAttributes')}</p>
        ) : (
          <dl className="alarm-facts">
            {attributes.map((row) => (
              <FactRow key={row.key} name={row.name} value={row.value} />
            ))}
          </dl>
        )}
      </section>
      {withHistory ? (
        <section aria-labelledby={`alarm-history-${alarm.id}`} aria-busy={detail.status === 'loading'}>
          <h3 id={`alarm-history-${alarm.id}`}>{t('fields.history')}</h3>
          {detail.status === 'error' ? (
            <p className="alarm-problem" role="alert">
              {t('detail.loadFailed', { reason: detail.error ?? '' })}{' '}
              <button type="button" className="alarm-link-button" onClick={() => setAttempt((n) => n + 1)}>
                {t('actions.retry')}
              </button>
            </p>
          ) : detail.data && detail.data.history.length > 0 ? (
            <ol className="alarm-history">
              {detail.data.history.map((entry) => (
                <li key={`${entry.time}-${entry.action}-${entry.user}-${entry.toStatus}`}>
                  <span className="alarm-history-time">{entry.time}</span> <HistoryUser login={entry.user} name={entry.userDisplayName} /> {t(`historyAction.${entry.action}`)}
                  {entry.toStatus !== null ? <> → {t(`status.${statusKey(entry.toStatus)}`)}</> : null}
                  {entry.remark ? <span className="alarm-muted"> {entry.remark}</span> : null}
                </li>
              ))}
            </ol>
          ) : detail.status === 'loading' ? (
            <p className="alarm-muted">{t('detail.loading')}</p>
          ) : (
            <p className="alarm-muted">{t('detail.noHistory')}</p>
          )}
        </section>
      ) : null}
    </article>
  );
}

function FactRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * Who did it: the display name, the login name in a tooltip on hover (read out after the name); the login name
 * alone for a user who no longer exists.
 */
function HistoryUser({ login, name }: { login: string; name: string | null }) {
  if (!name || name === login) return <strong className="alarm-history-user">{login}</strong>;
  return (
    <Whisper placement="top" trigger="hover" speaker={<Tooltip>{login}</Tooltip>}>
      <strong className="alarm-history-user" data-login={login}>
        {name}
        <span className="alarm-visually-hidden"> ({login})</span>
      </strong>
    </Whisper>
  );
}
