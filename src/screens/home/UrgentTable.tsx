// The latest urgent events of the traffic home: time, type and camera; each opens the urgent events screen.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import type { HomeOverview } from './homeApi.ts';

export function UrgentTable({ alarms, typeName }: { alarms: HomeOverview['urgent']; typeName: (id: number) => string }) {
  const { t } = useTranslation('stats');
  const may = usePermission();
  return (
    <table className="stats-table">
      <thead>
        <tr>
          <th scope="col">{t('home.urgentTime')}</th>
          <th scope="col">{t('home.urgentType')}</th>
          <th scope="col">{t('home.urgentCamera')}</th>
        </tr>
      </thead>
      <tbody>
        {alarms.map((alarm) => (
          <tr key={alarm.id}>
            <td>{alarm.alarmTime.slice(5)}</td>
            <td>{may('urgentEvent') ? <Link to="/urgentEvent">{typeName(alarm.eventType)}</Link> : typeName(alarm.eventType)}</td>
            <td>{alarm.cameraName}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
