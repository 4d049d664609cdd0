// The realtime connection as the operator sees it (§7: reconnecting, then "disconnected — retry" after 10 tries).
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useAlarmTopic, useRealtime } from '../../realtime/useRealtime.ts';

export function ConnectionBanner() {
  const { t } = useTranslation('alarms');
  const { retry } = useRealtime();
  const connection = useAlarmTopic('connection');
  const { status } = connection;
  const trouble = status === 'disconnected' || status === 'forbidden' || status === 'unauthorized';
  const text =
    status === 'reconnecting' ? t('connection.reconnecting', { attempt: Math.max(1, connection.attempts) }) : t(`connection.${status}`);
  return (
    <div className={`alarm-connection is-${status}`} role={trouble ? 'alert' : 'status'} aria-live="polite" data-status={status}>
      <span className="alarm-connection-dot" aria-hidden="true" />
      <span>{text}</span>
      {status === 'disconnected' || status === 'reconnecting' ? (
        <Button size="xs" appearance={status === 'disconnected' ? 'primary' : 'subtle'} onClick={retry}>
          {t('connection.retry')}
        </Button>
      ) : null}
    </div>
  );
}
