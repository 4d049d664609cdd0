// "Recording": a link from an alarm to its clip in the video centre, shown when the box uploaded one and the user
// may open the video centre.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { recordOfAlarm } from '../video/videoApi.ts';

export function AlarmClipLink({ alarmId }: { alarmId: number }) {
  const may = usePermission();
  return may('videoPlayCenter') ? <ClipLink alarmId={alarmId} /> : null;
}

function ClipLink({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation('alarms');
  const record = useLoaded((signal) => recordOfAlarm(alarmId, signal), null, alarmId);
  if (record.status !== 'ready' || !record.data) return null;
  return (
    <p className="alarm-clip">
      <Link to={`/videoPlayCenter?alarmId=${alarmId}`}>{t('detail.clip', { seconds: record.data.duration })}</Link>
    </p>
  );
}
