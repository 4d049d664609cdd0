// The statistics screens' controls: the date range (§5: at most 15 days, not in the future), whether simulated
// records count, and the .xlsx export of what the screen shows (its failure said next to the button). The range
// picker loads when it is reached for (LazyDateRangePicker.tsx), with its calendar's styles.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Toggle from 'rsuite/Toggle';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Toggle/styles/index.css';
import { LazyDateRangePicker } from '../../../components/dateRange/LazyDateRangePicker.tsx';
import type { DateTexts } from '../../../components/dateRange/typedRange.ts';
import { formatDay, parseDay, WINDOW_MAX_DAYS, type WindowProblem, type WindowView } from '../statsWindow.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';

const DAY_TEXTS: DateTexts = { parse: parseDay, format: formatDay };

interface Props {
  view: WindowView;
  problem: WindowProblem | null;
  onChange(patch: Partial<WindowView>): void;
  /** Saves the spreadsheet; absent when the user may not export. */
  onExport?: () => Promise<void>;
}

export function WindowToolbar({ view, problem, onChange, onExport }: Props) {
  const { t } = useTranslation('stats');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const runExport = async () => {
    if (!onExport) return;
    setExporting(true);
    setExportError(null);
    try {
      await onExport();
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="stats-toolbar">
      <label htmlFor="stats-window">{t('window.range')}</label>
      <LazyDateRangePicker
        id="stats-window"
        format="yyyy-MM-dd"
        start={view.start}
        end={view.end}
        texts={DAY_TEXTS}
        onlyComplete
        cleanable={false}
        shouldDisableDate={(date) => date.getTime() > Date.now()}
        onChange={(range) => range.complete && onChange({ start: range.start, end: range.end })}
      />
      <Toggle checked={view.includeSimulated} onChange={(includeSimulated) => onChange({ includeSimulated })} label={t('common.includeSimulated')} />
      {onExport ? (
        <Button onClick={runExport} loading={exporting} disabled={problem !== null}>
          {t('window.export')}
        </Button>
      ) : null}
      <ProblemLine failure={problem ? t(`window.problem.${problem}`, { max: WINDOW_MAX_DAYS }) : null} className="stats-problem" />
      <ProblemLine failure={exportError ? t('window.exportFailed', { reason: exportError }) : null} className="stats-problem" />
    </div>
  );
}
