// The latest urgent events of the traffic home: time, type and camera; each opens the urgent events screen.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import type { HomeOverview } from './homeApi.ts';
import { FigureTable } from '../../components/table/FigureTable.tsx';

export function UrgentTable({ alarms, typeName }: { alarms: HomeOverview['urgent']; typeName: (id: number) => string }) {
  const { t } = useTranslation('stats');
  const may = usePermission();
  return (
    <FigureTable
      className="stats-table"
      rows={alarms}
      rowKey={(alarm) => alarm.id}
      columns={[
        { key: 'time', header: t('home.urgentTime'), cell: (alarm) => alarm.alarmTime.slice(5) },
        { key: 'type', header: t('home.urgentType'), cell: (alarm) => (may('urgentEvent') ? <Link to="/urgentEvent">{typeName(alarm.eventType)}</Link> : typeName(alarm.eventType)) },
        { key: 'camera', header: t('home.urgentCamera'), cell: (alarm) => alarm.cameraName },
      ]}
    />
  );
}
