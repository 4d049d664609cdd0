// /resourceInfo: resource analysis — every node's latest figures (this server's host, measured; edge boxes from
// their heartbeats, simulated ones marked; "no GPU" where none is), refreshed every 15 s, and the chosen node's
// history over a period (raw samples up to 48 h, 10-minute averages beyond), charted and exportable.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { Panel } from './parts/Panel.tsx';
import { useFigures } from './parts/useFigures.ts';
import { ResourceHistoryPanel } from './ResourceHistoryPanel.tsx';
import { ResourceNodeTable } from './ResourceNodeTable.tsx';
import type { Period } from './resourcePeriods.ts';
import { loadResourceNodes } from './statsApi.ts';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

export const NODES_REFRESH_MS = 15_000;

export default function ResourceInfoScreen() {
  const { t } = useTranslation('stats');
  const title = usePageTitle(useScreenEntry());
  const [params, setParams] = useSearchParams();
  const nodes = useFigures('nodes', loadResourceNodes);
  const { refresh } = nodes;
  useEffect(() => {
    const timer = setInterval(refresh, NODES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const list = nodes.data ?? [];
  const chosen = list.find((n) => n.nodeId === params.get('node')) ?? list[0] ?? null;
  const [period, setPeriod] = useState<Period>('1h');
  const choose = (nodeId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('node', nodeId);
      return next;
    });
  return (
    <ScreenFrame className="stats-screen" headerClassName="stats-screen-head" title={title} titleId="stats-title">
      <div className="stats-panels">
        <Panel title={t('resource.nodes')} figures={nodes} isEmpty={(d) => d.length === 0} className="stats-panel-wide">
          {(d) => <ResourceNodeTable nodes={d} chosen={chosen?.nodeId ?? null} onChoose={choose} />}
        </Panel>
        {chosen ? <ResourceHistoryPanel node={chosen} period={period} onPeriod={setPeriod} /> : null}
      </div>
    </ScreenFrame>
  );
}
