// The nodes of resource analysis with their latest figures; choosing one shows its history. A figure a node does
// not report reads "not reported"; a node without a GPU reads "no GPU".
import { useTranslation } from 'react-i18next';
import { formatBytes } from './parts/Panel.tsx';
import type { ResourceNode } from './statsApi.ts';

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
    <table className="stats-table resource-nodes">
      <thead>
        <tr>
          <th scope="col">{t('resource.node')}</th>
          <th scope="col">{t('resource.role')}</th>
          <th scope="col">{t('resource.state')}</th>
          <th scope="col">{t('resource.cpu')}</th>
          <th scope="col">{t('home.memory')}</th>
          <th scope="col">{t('resource.disk')}</th>
          <th scope="col">{t('resource.network')}</th>
          <th scope="col">{t('resource.gpu')}</th>
          <th scope="col">{t('resource.updated')}</th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((n) => (
          <tr key={n.nodeId} aria-selected={n.nodeId === chosen} className={n.nodeId === chosen ? 'resource-chosen' : undefined}>
            <th scope="row">
              <button type="button" className="stats-link-button" onClick={() => onChoose(n.nodeId)} aria-pressed={n.nodeId === chosen}>
                {n.nodeName}
              </button>{' '}
              <span className="stats-muted">{n.ip}</span> {n.simulated ? <span className="stats-badge">{t('common.simulated')}</span> : null}
            </th>
            <td>{t(`resource.roles.${n.role}`)}</td>
            <td>{n.online ? t('resource.online') : t('resource.offline')}</td>
            <td>
              {pct(n.cpu.usage)}
              {n.cpu.cores ? <span className="stats-muted"> · {t('resource.cores', { count: n.cpu.cores })}</span> : null}
            </td>
            <td>{amount(n.memory)}</td>
            <td>{amount(n.disk)}</td>
            <td>{n.network ? t('resource.throughput', { rx: formatBytes(n.network.rxBytesPerSec), tx: formatBytes(n.network.txBytesPerSec) }) : t('common.notReported')}</td>
            <td>{gpu(n)}</td>
            <td>{n.updateTime.slice(5)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
