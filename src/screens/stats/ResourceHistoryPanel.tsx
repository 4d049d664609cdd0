// One node's history over a period: percent series (CPU, memory, disk, GPU, video memory — the ones it reports) and
// network throughput, averaged into at most 240 points; exportable as .xlsx.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { useState } from 'react';
import { Chart, Panel } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { PERIOD_MS, PERIODS, type Period } from './resourcePeriods.ts';
import { exportResourceHistory, loadResourceHistory, type ResourceHistoryQuery, type ResourceNode } from './statsApi.ts';
import { networkOption, usageOption } from './statsCharts.ts';
import { formatTime } from './statsWindow.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

function queryOf(nodeId: string, period: Period, now = new Date()): ResourceHistoryQuery {
  return { nodeId, startTime: formatTime(new Date(now.getTime() - PERIOD_MS[period])), endTime: formatTime(now), points: 240 };
}

export function ResourceHistoryPanel({ node, period, onPeriod }: { node: ResourceNode; period: Period; onPeriod(p: Period): void }) {
  const { t } = useTranslation('stats');
  const [attempt, setAttempt] = useState(0);
  const history = useFigures(`${node.nodeId}|${period}|${attempt}`, (signal) => loadResourceHistory(queryOf(node.nodeId, period), signal));
  const [exportError, setExportError] = useState<string | null>(null);
  const names = { cpu: t('resource.cpu'), memory: t('home.memory'), disk: t('resource.disk'), gpu: t('resource.gpu'), videoMemory: t('home.videoMemory') };
  const runExport = () => {
    setExportError(null);
    exportResourceHistory(queryOf(node.nodeId, period)).catch((error: unknown) => setExportError(error instanceof Error ? error.message : String(error)));
  };
  return (
    <Panel
      title={t('resource.history', { name: node.nodeName })}
      figures={history}
      isEmpty={(d) => d.points.length === 0}
      className="stats-panel-wide"
      reserve={280}
      actions={
        <div className="stats-toolbar">
          <SelectPicker
            aria-label={t('resource.period')}
            data={PERIODS.map((value) => ({ value, label: t(`resource.periods.${value}`) }))}
            value={period}
            cleanable={false}
            searchable={false}
            onChange={(value) => value && onPeriod(value)}
            style={{ width: 160 }}
          />
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('resource.reload')}</Button>
          <Button onClick={runExport} disabled={!history.data?.points.length}>
            {t('window.export')}
          </Button>
          {history.data ? (
            <span className="stats-muted">{t(history.data.source === 'raw' ? 'resource.sourceRaw' : 'resource.sourceAveraged', { seconds: history.data.bucketSeconds })}</span>
          ) : null}
          {node.simulated ? <span className="stats-badge">{t('resource.simulatedFigures')}</span> : null}
          <ProblemLine failure={exportError ? t('window.exportFailed', { reason: exportError }) : null} className="stats-problem" />
        </div>
      }
    >
      {(d) => (
        <>
          <Chart height={280} option={usageOption(d, names)} label={t('resource.usageSummary', { name: node.nodeName, points: d.points.length })} />
          {d.points.some((p) => p.rxBytesPerSec !== null) ? (
            <Chart height={220} option={networkOption(d, { rx: t('resource.received'), tx: t('resource.sent') })} label={t('resource.networkSummary', { name: node.nodeName })} />
          ) : null}
        </>
      )}
    </Panel>
  );
}
