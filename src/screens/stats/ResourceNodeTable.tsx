// The nodes of resource analysis with their latest figures; choosing one shows its history. A figure a node does
// not report reads "not reported"; a node without a GPU reads "no GPU".
import { useTranslation } from 'react-i18next';
import { formatBytes } from './parts/Panel.tsx';
import type { ResourceNode } from './statsApi.ts';
import { FigureTable } from '../../components/table/FigureTable.tsx';

export function ResourceNodeTable({ nodes, chosen, onChoose }: { nodes: ResourceNode[]; chosen: string | null; onChoose(nodeId: string): void }) {
  const { t } = useTranslation('stats');
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? t('common.notReported') : t('common.percent', { value: v }));
  const amount = (a: ResourceNode['memory']) => (a.total !== null && a.used !== null ? `${pct(a.usage)} · ${formatBytes(a.used)} / ${formatBytes(a.total)}` : pct(a.usage));
  const gpu = (n: ResourceNode) => {
    if (n.gpuDetected === false) return t('home.noGpu');
    if (n.gpuDetected === null) return t('common.notReported');
    const usages = n.gpus.map((g) => g.usage).filter((u): u is number => u !== null);
    const usage = usages.length ? Math.round((usages.reduce((s, u) => s + u, 0) / usages.length) * 10) / 10 : null;
    return `${t('home.gpuCount', { count: n.gpus.length })} · ${pct(usage)}${n.videoMemory ? ` · ${t('home.videoMemory')} ${pct(n.videoMemory.usage)}` : ''}`;
  };
  return (
    <FigureTable
      className="stats-table resource-nodes"
      rows={nodes}
      rowKey={(n) => n.nodeId}
      rowProps={(n) => ({ 'aria-selected': n.nodeId === chosen, className: n.nodeId === chosen ? 'resource-chosen' : undefined })}
      columns={[
        {
          key: 'node',
          header: t('resource.node'),
          rowHeader: true,
          cell: (n) => (
            <>
              <button type="button" className="stats-link-button" onClick={() => onChoose(n.nodeId)} aria-pressed={n.nodeId === chosen}>
                {n.nodeName}
              </button>{' '}
              <span className="stats-muted">{n.ip}</span> {n.simulated ? <span className="stats-badge">{t('common.simulated')}</span> : null}
            </>
          ),
        },
        { key: 'role', header: t('resource.role'), cell: (n) => t(`resource.roles.${n.role}`) },
        { key: 'state', header: t('resource.state'), cell: (n) => (n.online ? t('resource.online') : t('resource.offline')) },
        {
          key: 'cpu',
          header: t('resource.cpu'),
          cell: (n) => (
            <>
              {pct(n.cpu.usage)}
              {n.cpu.cores ? <span className="stats-muted"> · {t('resource.cores', { count: n.cpu.cores })}</span> : null}
            </>
          ),
        },
        { key: 'memory', header: t('home.memory'), cell: (n) => amount(n.memory) },
        { key: 'disk', header: t('resource.disk'), cell: (n) => amount(n.disk) },
        {
          key: 'network',
          header: t('resource.network'),
          cell: (n) => (n.network ? t('resource.throughput', { rx: formatBytes(n.network.rxBytesPerSec), tx: formatBytes(n.network.txBytesPerSec) }) : t('common.notReported')),
        },
        { key: 'gpu', header: t('resource.gpu'), cell: gpu },
        { key: 'updated', header: t('resource.updated'), cell: (n) => n.updateTime.slice(5) },
      ]}
    />
  );
}
