// The statistics window controls: a date range (at most 31 days, not in the future), whether simulated alarms
// count, and the export (/event/export: grouped counts, at most 10 pages, §5).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import SelectPicker from 'rsuite/SelectPicker';
import Toggle from 'rsuite/Toggle';
import 'rsuite/Button/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import 'rsuite/Toggle/styles/index.css';
import { usePermission } from '../../app/permissions.tsx';
import { LazyDateRangePicker } from '../../components/dateRange/LazyDateRangePicker.tsx';
import type { DateTexts } from '../../components/dateRange/typedRange.ts';
import { exportEventStatistics } from './alarmExport.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { windowTimes } from './statsApi.ts';
import { formatDate, MAX_RANGE_DAYS, parseDate, STATS_EXPORT_MAX_PAGES, type StatsView, type WindowProblem } from './statsWindow.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

const GROUPS = ['eventType', 'camera', 'scene', 'day'] as const;
type Group = (typeof GROUPS)[number];
const EXPORT_PAGE_SIZE = 100;
const DAY_TEXTS: DateTexts = { parse: parseDate, format: formatDate };

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

  return (
    <div className="alarm-toolbar" style={{ marginLeft: 0 }}>
      <label className="alarm-toggle" htmlFor="stats-range">
        {t('stats.dateRange')}
      </label>
      <LazyDateRangePicker
        id="stats-range"
        format="yyyy-MM-dd"
        start={view.startDate}
        end={view.endDate}
        texts={DAY_TEXTS}
        onlyComplete
        cleanable={false}
        shouldDisableDate={(date) => date.getTime() > Date.now()}
        onChange={(range) => range.complete && onChange({ startDate: range.start, endDate: range.end })}
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
      <ProblemLine failure={problem ? t(`stats.problem.${problem}`, { max: MAX_RANGE_DAYS }) : null} className="alarm-problem" />
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
