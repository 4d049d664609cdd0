// The columns of the alarm lists (history, processing, verification). Every field is React text: alarm text sent by
// a box renders inert, whatever it contains.
import type { TFunction } from 'i18next';
import Tag from 'rsuite/Tag';
import 'rsuite/Tag/styles/index.css';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import type { WarnEvent } from './alarmsApi.ts';
import { confidenceText, STATUS_COLOURS, statusKey } from './alarmText.ts';

export function alarmColumns(t: TFunction<'alarms'>, typeName: (id: number) => string, open: (alarm: WarnEvent) => void): TableColumn<WarnEvent>[] {
  return [
    { key: 'id', header: t('fields.id'), width: 80, sortable: true },
    { key: 'alarmTime', kind: 'time', header: t('fields.alarmTime'), width: 170, sortable: true },
    {
      key: 'eventType',
      header: t('fields.type'),
      flexGrow: 1,
      minWidth: 160,
      sortable: true,
      render: (alarm) => (
        <button type="button" className="alarm-link-button" onClick={() => open(alarm)}>
          {typeName(alarm.eventType)}
        </button>
      ),
    },
    {
      key: 'cameraName',
      header: t('fields.camera'),
      flexGrow: 1,
      minWidth: 160,
      sortable: true,
      // A simulated alarm (the demo site's boxes, `npm run simulate`) says so wherever it is listed.
      render: (alarm) => (
        <>
          {alarm.cameraName}
          {alarm.simulated ? (
            <Tag size="sm" className="alarm-simulated">
              {t('fields.simulated')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { key: 'confidence', header: t('fields.confidence'), width: 90, align: 'right', sortable: true, render: (alarm) => confidenceText(alarm.confidence) },
    {
      key: 'status',
      header: t('fields.status'),
      width: 100,
      sortable: true,
      render: (alarm) => <Tag color={STATUS_COLOURS[alarm.status]}>{t(`status.${statusKey(alarm.status)}`)}</Tag>,
    },
    { key: 'handleUser', header: t('fields.handleUser'), width: 110 },
    { key: 'handleTime', kind: 'time', header: t('fields.handleTime'), width: 170 },
  ];
}
