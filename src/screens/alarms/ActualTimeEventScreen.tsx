// /actualTimeEvent: alarms as they arrive (the session's socket, §7), newest first. Select one to see its snapshot
// with the detection box and handle it; a dialog in the configured corner announces new alarms, with the alarm
// sound when the audio switch (a per-user preference, §3) is on. Pause stops the list moving while the operator
// reads; what arrives meanwhile is counted and shown on resume. The list also holds still while the pointer or the
// keyboard focus is on it (arrivals are still announced), and says how many wait above.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Toggle from 'rsuite/Toggle';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Toggle/styles/index.css';
import { selectAlarmDialogPosition, selectAudioUrl, useSession } from '../../app/session.tsx';
import { AlarmDetail } from './AlarmDetail.tsx';
import { AlarmDialog } from './AlarmDialog.tsx';
import { type AlarmSound, createAlarmSound } from './alarmAudio.ts';
import { fetchAlarmAudio, saveAlarmAudio, type WarnEvent } from './alarmsApi.ts';
import { dialogCorner } from './alarmText.ts';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { LiveAlarmList, VISIBLE_ROWS } from './LiveAlarmList.tsx';
import { useLiveAlarms } from './useLiveAlarms.ts';
import './alarms.css';
import './alarmLive.css';

const DIALOG_HOLD_MS = 2000;

interface DialogState {
  alarm: WarnEvent;
  /** Arrivals since, not shown in the dialog. */
  more: number;
}

export default function ActualTimeEventScreen() {
  const { t } = useTranslation('alarms');
  const audioUrl = useSession(selectAudioUrl);
  const corner = dialogCorner(useSession(selectAlarmDialogPosition));
  const [audioOn, setAudioOn] = useState<boolean | null>(null);
  const [savingAudio, setSavingAudio] = useState(false);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const dialogRef = useRef(dialog);
  dialogRef.current = dialog;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const sound = useRef<AlarmSound | null>(null);
  const audioOnRef = useRef(audioOn);
  audioOnRef.current = audioOn;

  useEffect(() => {
    sound.current = createAlarmSound(audioUrl || null);
    return () => sound.current?.dispose();
  }, [audioUrl]);

  useEffect(() => {
    let live = true;
    fetchAlarmAudio().then(
      (on) => live && setAudioOn(on),
      () => live && setAudioOn(true), // the default (contract: alarmAudio "1" when never set)
    );
    return () => {
      live = false;
    };
  }, []);

  // The dialog shows the newest alarm, but changes it at most every DIALOG_HOLD_MS: under a burst it stays readable
  // (and its snapshot is not fetched and dropped many times a second); the count says how many more came.
  const dialogShownAt = useRef(0);
  const onArrivals = useCallback((fresh: readonly WarnEvent[]) => {
    if (audioOnRef.current) sound.current?.play();
    const now = Date.now();
    const current = dialogRef.current;
    let next: DialogState;
    if (current && now - dialogShownAt.current < DIALOG_HOLD_MS) next = { alarm: current.alarm, more: current.more + fresh.length };
    else {
      dialogShownAt.current = now;
      next = { alarm: fresh[fresh.length - 1], more: (current ? current.more + 1 : 0) + fresh.length - 1 };
    }
    dialogRef.current = next;
    setDialog(next);
  }, []);
  const live = useLiveAlarms(onArrivals);
  const selected = live.alarms.find((alarm) => alarm.id === selectedId) ?? null;
  const select = useCallback((id: number) => {
    setSelectedId(id);
    // The dialog announced this one: it is being looked at now.
    setDialog((current) => (current?.alarm.id === id ? null : current));
  }, []);

  const switchAudio = async (on: boolean) => {
    const before = audioOn;
    setAudioOn(on);
    setSavingAudio(true);
    try {
      await saveAlarmAudio(on);
    } catch {
      setAudioOn(before); // the message area has said why
    } finally {
      setSavingAudio(false);
    }
  };

  // With an alarm open, the announcement docks above the list: floating in its corner it covered the detail.
  const announcement =
    dialog && !live.paused ? (
      <AlarmDialog
        alarm={live.alarms.find((alarm) => alarm.id === dialog.alarm.id) ?? dialog.alarm}
        more={dialog.more}
        corner={corner}
        docked={selected !== null}
        store={live.store}
        onView={() => {
          setSelectedId(dialog.alarm.id);
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
    ) : null;

  return (
    <section className="alarm-screen alarm-live">
      <header className="alarm-screen-header">
        <h1>{t('live.title')}</h1>
        <ConnectionBanner />
        <div className="alarm-toolbar">
          <Toggle checked={audioOn ?? false} loading={audioOn === null || savingAudio} onChange={(on) => void switchAudio(on)} label={t('live.audio')} />
          <Button onClick={live.paused ? live.resume : live.pause} appearance={live.paused ? 'primary' : 'default'} aria-pressed={live.paused}>
            {live.paused ? t('actions.resume') : t('actions.pause')}
          </Button>
        </div>
      </header>
      {live.paused ? (
        <p className="alarm-paused" role="status">
          {t('live.paused', { count: live.missed })}
        </p>
      ) : null}
      <div className="alarm-live-body">
        <div className="alarm-live-column">
          {selected ? announcement : null}
          <p className="alarm-muted" aria-live="off">
            {t('live.shown', { shown: Math.min(VISIBLE_ROWS, live.alarms.length), total: live.total })}
            {live.typeIds.length > 0 ? ` ${t('live.typeFilter', { count: live.typeIds.length })}` : null}
            {live.waiting > 0 ? ` ${t('live.waiting', { count: live.waiting })}` : null}
          </p>
          {live.recent.status === 'error' ? (
            <p className="alarm-problem" role="alert">
              {t('live.loadFailed', { reason: live.recent.message })}{' '}
              <button type="button" className="alarm-link-button" onClick={live.retry}>
                {t('actions.retry')}
              </button>
            </p>
          ) : null}
          {live.alarms.length === 0 ? (
            <p className="alarm-empty" aria-busy={live.recent.status === 'loading'}>
              {live.recent.status === 'loading' ? t('live.loading') : t('live.empty')}
            </p>
          ) : (
            <LiveAlarmList alarms={live.alarms} selectedId={selectedId} onSelect={select} label={t('live.list')} onHold={live.hold} onRelease={live.release} />
          )}
        </div>
        <div className="alarm-live-detail">
          {selected ? (
            <AlarmDetail key={selected.id} alarm={selected} offer={['confirm', 'ignore', 'delete']} store={live.store} withHistory />
          ) : (
            <p className="alarm-empty">{t('live.selectHint')}</p>
          )}
        </div>
      </div>
      {selected ? null : announcement}
    </section>
  );
}
