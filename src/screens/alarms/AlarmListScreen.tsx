// The paged alarm lists: /historyEvent (everything, bulk actions, export), /eventProcess (confirmed alarms to deal
// with) and /eventVerify (dealt alarms to check or send back). Filters, page and the open alarm live in the URL
// (Back closes the drawer); the drawer shows the alarm with its snapshot, attributes and handling history.
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { OpenedOnce } from '../../components/data/OpenedOnce.tsx';
import { useFilterDraft } from '../../components/table/FilterBar.tsx';
import { ServerTable } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import { useRealtime, useReconnects } from '../../realtime/useRealtime.ts';
import type { ActionType } from './actionPermissions.ts';
import { alarmColumns } from './alarmColumns.tsx';
import { AlarmFilterFields } from './AlarmFilterFields.tsx';
import { ALARM_FILTERS, type AlarmFilterKey, EXPORT_MAX_PAGES, filterProblems, toWarnEventFilter } from './alarmFilters.ts';
import { exportAlarms, IMAGE_EXPORT_MAX_ROWS } from './alarmExport.ts';
import { alarmDetail, listAlarms, type WarnEvent } from './alarmsApi.ts';
import { useTypeName } from './alarmText.ts';
import { BulkActions } from './BulkActions.tsx';
import { problemText } from './problemText.ts';
import '../../components/table/serverTable.css';
import './alarms.css';

// The alarm's drawer (snapshot, actions, history) and the export dialog load when first opened: most visits only list.
const AlarmDrawer = lazy(() => import('./AlarmDrawer.tsx').then((module) => ({ default: module.AlarmDrawer })));
const ExportDialog = lazy(() => import('./ExportDialog.tsx').then((module) => ({ default: module.ExportDialog })));

export type AlarmListMode = 'history' | 'process' | 'verify';

const MODES: Record<AlarmListMode, { statuses: readonly AlarmStatus[]; offer?: readonly ActionType[] }> = {
  history: { statuses: [0, 1, 2, 3, 4] },
  process: { statuses: [1], offer: ['deal', 'ignore'] },
  verify: { statuses: [3, 4], offer: ['check', 'again'] },
};

export function AlarmListScreen({ mode }: { mode: AlarmListMode }) {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const may = usePermission();
  const [params, setParams] = useSearchParams();
  const typeIds = params.get('typeIds');
  const { statuses, offer } = MODES[mode];
  const [exporting, setExporting] = useState(false);
  const { store } = useRealtime();
  // A reconnect may have missed status changes: the page reloads then (§7 catch-up).
  const reconnects = useReconnects();

  const list = useServerList<WarnEvent, AlarmFilterKey>({
    filterKeys: ALARM_FILTERS,
    rowKey: (alarm) => alarm.id,
    load: ({ filters, pageNo, pageSize, signal }) => {
      const problem = Object.values(filterProblems(filters))[0];
      if (problem) return Promise.reject(new Error(problemText(t, problem)));
      const filter = toWarnEventFilter(filters, { typeIds, statuses });
      if (filter.status === undefined && statuses.length < 5) {
        // A screen limited to some statuses lists the first of them unless the filter names another.
        filter.status = statuses[0];
      }
      return listAlarms(filter, pageNo, pageSize, signal);
    },
  });
  const { reload } = list;
  useEffect(() => {
    if (reconnects > 0) reload();
  }, [reconnects, reload]);

  const draft = useFilterDraft(list.filters, list.setFilters, {
    validate: (values) => Object.fromEntries(Object.entries(filterProblems(values)).map(([key, problem]) => [key, problemText(t, problem)])),
  });

  const openId = Number(params.get('alarm')) || null;
  const openAlarm = (alarm: WarnEvent) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('alarm', String(alarm.id));
      return next;
    });
  const closeAlarm = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('alarm');
      return next;
    });
  // The open alarm: from the page, or (a link to one on another page) loaded on its own.
  const onPage = list.rows.find((alarm) => alarm.id === openId) ?? null;
  const [loaded, setLoaded] = useState<WarnEvent | null>(null);
  useEffect(() => {
    if (openId === null || onPage) return;
    const controller = new AbortController();
    alarmDetail(openId, controller.signal).then(
      (alarm) => !controller.signal.aborted && setLoaded(alarm),
      () => !controller.signal.aborted && setLoaded(null),
    );
    return () => controller.abort();
  }, [openId, onPage]);
  const opened = onPage ?? (loaded?.id === openId ? loaded : null);
  const afterAction = (status: AlarmStatus | null) => {
    if (status === null) closeAlarm(); // deleted
    list.reload();
  };
  const selectedRows = list.rows.filter((alarm) => list.selected.has(alarm.id));

  const title = t(`${mode}.title`);
  return (
    <section className="alarm-screen">
      <header className="alarm-screen-header">
        <h1>{title}</h1>
        <p className="alarm-muted">{t(`${mode}.intro`)}</p>
      </header>
      <ServerTable
        list={list}
        label={title}
        columns={alarmColumns(t, typeName, openAlarm)}
        selectable={mode === 'history'}
        describeRow={(alarm) => `${alarm.id} ${typeName(alarm.eventType)} ${alarm.cameraName}`}
        emptyText={t(`${mode}.empty`)}
        filters={<AlarmFilterFields draft={draft} problems={draft.problems} statuses={statuses} typeIds={typeIds} />}
        actions={
          mode === 'history' ? (
            <>
              <BulkActions selected={selectedRows} onDone={(deleted) => (deleted > 0 ? list.afterDelete(deleted) : list.reload())} />
              {may('historyEvent') ? (
                <Button onClick={() => setExporting(true)} disabled={list.status !== 'ready' || list.total === 0}>
                  {t('actions.export')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <OpenedOnce
        open={opened !== null}
        onLoadFailed={closeAlarm}
        fallback={
          <div className="alarm-drawer-pending">
            <Loader content={t('detail.opening')} />
          </div>
        }
      >
        <AlarmDrawer alarm={opened} onClose={closeAlarm} offer={offer} store={store} onSettled={afterAction} />
      </OpenedOnce>
      <OpenedOnce open={exporting} onLoadFailed={() => setExporting(false)}>
        <ExportDialog
          open={exporting}
          title={t('export.title')}
          total={list.total}
          pageSize={list.pageSize}
          pageNo={list.pageNo}
          maxPages={EXPORT_MAX_PAGES}
          imagesMaxRows={IMAGE_EXPORT_MAX_ROWS}
          onExport={(pageNo, pageCount, withImages) => exportAlarms({ ...toWarnEventFilter(list.filters, { typeIds }), pageNo, pageCount, pageSize: list.pageSize, withImages })}
          onClose={() => setExporting(false)}
        />
      </OpenedOnce>
    </section>
  );
}
