// The statistics window controls: a date range (at most 31 days, not in the future), whether simulated alarms
// count, and the export (/event/export: grouped counts, at most 10 pages, §5).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import DateRangePicker from 'rsuite/DateRangePicker';
import SelectPicker from 'rsuite/SelectPicker';
import Toggle from 'rsuite/Toggle';
import 'rsuite/Button/styles/index.css';
import 'rsuite/DateRangePicker/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import 'rsuite/Toggle/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { exportEventStatistics } from './alarmExport.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { windowTimes } from './statsApi.ts';
import { formatDate, MAX_RANGE_DAYS, parseDate, STATS_EXPORT_MAX_PAGES, type StatsView, type WindowProblem } from './statsWindow.ts';

const GROUPS = ['eventType', 'camera', 'scene', 'day'] as const;
type Group = (typeof GROUPS)[number];
const EXPORT_PAGE_SIZE = 100;

interface Props {
  view: StatsView;
  problem: WindowProblem | null;
  onChange(patch: Partial<StatsView>): void;
  /** Extra controls (the hourly chart's day). */
  children?: ReactNode;
}

export function StatsToolbar({ view, problem, onChange, children }: Props) {
  const { t } = useTranslation('alarms');
  const may = usePermission();
  const [exporting, setExporting] = useState(false);
  const [group, setGroup] = useState<Group>('eventType');
  const start = parseDate(view.startDate);
  const end = parseDate(view.endDate);

  return (
    <div className="alarm-toolbar" style={{ marginLeft: 0 }}>
      <label className="alarm-toggle" htmlFor="stats-range">
        {t('stats.dateRange')}
      </label>
      <DateRangePicker
        id="stats-range"
        format="yyyy-MM-dd"
        value={start && end ? [start, end] : null}
        cleanable={false}
        shouldDisableDate={(date) => date.getTime() > Date.now()}
        onChange={(value) => value && onChange({ startDate: formatDate(value[0]), endDate: formatDate(value[1]) })}
      />
      {children}
      <Toggle checked={view.includeSimulated} onChange={(includeSimulated) => onChange({ includeSimulated })} label={t('stats.includeSimulated')} />
      {may(['eventStatistics', 'eventStatisticsInfo']) ? (
        <>
          <SelectPicker
            aria-label={t('stats.groupBy')}
            data={GROUPS.map((value) => ({ value, label: t(`stats.group.${value}`) }))}
            value={group}
            cleanable={false}
            searchable={false}
            onChange={(value) => value && setGroup(value)}
            style={{ width: 140 }}
          />
          <Button onClick={() => setExporting(true)} disabled={problem !== null}>
            {t('actions.export')}
          </Button>
        </>
      ) : null}
      {problem ? (
        <p className="alarm-problem" role="alert">
          {t(`stats.problem.${problem}`, { max: MAX_RANGE_DAYS })}
        </p>
      ) : null}
      <ExportDialog
        open={exporting}
        title={t('stats.exportTitle', { group: t(`stats.group.${group}`) })}
        total={null}
        pageSize={EXPORT_PAGE_SIZE}
        pageNo={1}
        maxPages={STATS_EXPORT_MAX_PAGES}
        onExport={(pageNo, pageCount) =>
          exportEventStatistics({ ...windowTimes(view), includeSimulated: view.includeSimulated, groupBy: group, pageNo, pageCount, pageSize: EXPORT_PAGE_SIZE })
        }
        onClose={() => setExporting(false)}
      />
    </div>
  );
}
