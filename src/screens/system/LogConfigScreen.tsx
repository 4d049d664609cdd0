// /logConfig: the operation log — who did what, when, with which result — filtered by user, operation, result
// and a time range (§5: start not after end, not later than now), paged on the server, exported as .xlsx with
// the same filters (newest 50,000 rows at most).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tag from 'rsuite/Tag';
import 'rsuite/Tag/styles/index.css';
import { timeRangeField } from '../../components/dateRange/TimeRangeFilter.tsx';
import { choicesOf, ListToolbar, type ToolbarField } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { suggestField } from '../../components/table/suggestField.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { COMMON_OPERATIONS, EXPORT_MAX_ROWS, LOG_FILTERS, type LogFilterKey, timeProblems, toLogFilter } from './logs/logFilters.ts';
import { exportLogs, listLogs, type OperationLog } from './logs/logsApi.ts';
import { problemText } from './shared/problemText.ts';
import '../../components/table/serverTable.css';
import './shared/systemScreens.css';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export default function LogConfigScreen() {
  const { t, i18n } = useTranslation('system');
  const list = useServerList<OperationLog, LogFilterKey>({
    filterKeys: LOG_FILTERS,
    rowKey: (log) => log.id,
    load: ({ filters, pageNo, pageSize, signal }) => {
      const found = timeProblems(filters);
      const problem = found.startTime ?? found.endTime;
      if (problem) return Promise.reject(new Error(problemText(t, problem)));
      return listLogs(toLogFilter(filters), pageNo, pageSize, signal);
    },
  });
  // The server tells each entry in the caller's language: a new language reads the page again.
  const { reload } = list;
  const [listedIn, setListedIn] = useState(i18n.language);
  useEffect(() => {
    if (i18n.language === listedIn) return;
    setListedIn(i18n.language);
    reload();
  }, [i18n.language, listedIn, reload]);
  const filters: ToolbarField<LogFilterKey>[] = [
    { kind: 'text', key: 'username', label: t('logs.fields.username') },
    suggestField({ key: 'operationId', label: t('logs.fields.operation'), suggestions: COMMON_OPERATIONS, placeholder: t('logs.operationHint') }),
    { kind: 'select', key: 'result', label: t('logs.fields.result'), choices: choicesOf(['success', 'failure'], (result) => t(`logs.result.${result}`)) },
    timeRangeField('time', {
      start: 'startTime',
      end: 'endTime',
      label: t('logs.fields.timeRange'),
      placeholder: t('logs.timeHint'),
      presets: [
        { label: t('logs.lastHour'), hours: 1 },
        { label: t('logs.lastDay'), hours: 24 },
        { label: t('logs.lastWeek'), hours: 7 * 24 },
      ],
      minWidth: 320,
    }),
  ];
  // §5: the time range is checked before it is applied.
  const validate = (values: Record<LogFilterKey, string>) => {
    const found = timeProblems(values);
    return {
      startTime: found.startTime ? problemText(t, found.startTime) : undefined,
      endTime: found.endTime ? problemText(t, found.endTime) : undefined,
    };
  };
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportLogs(toLogFilter(list.filters));
    } catch {
      // The message area has said why (bad filters, connection).
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<OperationLog>[] = [
    { key: 'createTime', kind: 'time', header: t('logs.fields.createTime'), width: 170, sortable: true },
    { key: 'username', header: t('logs.fields.username'), width: 120, sortable: true },
    {
      key: 'operationId',
      header: t('logs.fields.operation'),
      flexGrow: 1,
      minWidth: 200,
      sortable: true,
      // One line per entry (a log is scanned, not read): what was done, in the reader's language, then the
      // operation's id; the rest is in the tooltip and the export.
      render: (log) => (
        <span className="cell-ellipsis" title={`${log.summary} (${log.operationId})`}>
          {log.summary} <code className="system-muted">{log.operationId}</code>
        </span>
      ),
    },
    {
      key: 'code',
      header: t('logs.fields.result'),
      width: 200,
      sortable: true,
      render: (log) =>
        log.code === 0 ? (
          <Tag color="green">{t('logs.result.success')}</Tag>
        ) : (
          <span className="cell-ellipsis" title={log.msg}>
            <Tag color="red">{t('logs.result.failure')}</Tag> <span className="system-muted">{`${log.code} ${log.msg}`}</span>
          </span>
        ),
    },
    { key: 'ip', header: t('logs.fields.ip'), width: 120 },
    { key: 'durationMs', header: t('logs.fields.durationMs'), width: 100, align: 'right', sortable: true },
    {
      key: 'params',
      header: t('logs.fields.params'),
      flexGrow: 1,
      minWidth: 180,
      render: (log) => (
        // The request's parameters as logged: data, no language.
        <span className="cell-ellipsis" title={log.params} translate="no">
          {log.params}
        </span>
      ),
    },
  ];

  return (
    <ScreenFrame className="system-screen" headerClassName="system-screen-header" title={t('logs.title')}>
      <ServerTable
        list={list}
        label={t('logs.title')}
        columns={columns}
        toolbar={
          <ListToolbar
            id="log"
            list={list}
            fields={filters}
            validate={validate}
            actions={[{ key: 'export', label: t('logs.export'), onClick: () => void runExport(), loading: exporting, disabled: list.status !== 'ready' || list.total === 0 }]}
          />
        }
      />
      {list.total > EXPORT_MAX_ROWS ? <p className="system-muted">{t('logs.exportLimit', { max: EXPORT_MAX_ROWS })}</p> : null}
    </ScreenFrame>
  );
}
