// The algorithm dashboard of spec §1 (/test): training and orchestration counts, validations, compute power, GPU and
// video-memory use, the top-5 downloads and the weekly algorithm output — from the server's tables and its real
// host (a host without a GPU says so). Refreshed every half minute (host figures move; the counts rarely do).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, formatBytes, Panel, Tile } from '../stats/parts/Panel.tsx';
import { useFigures } from '../stats/parts/useFigures.ts';
import { loadAlgorithmSummary } from './homeApi.ts';
import { weeklyOption } from './homeCharts.ts';
import { LoadProblem } from '../stats/parts/LoadProblem.tsx';

export const SUMMARY_REFRESH_MS = 30_000;

export function AlgorithmDashboard({ title }: { title: string }) {
  const { t } = useTranslation('stats');
  const figures = useFigures('summary', loadAlgorithmSummary);
  const { refresh } = figures;
  useEffect(() => {
    const timer = setInterval(refresh, SUMMARY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const data = figures.data;
  const pct = (value: number | null | undefined) => (value === null || value === undefined ? '–' : t('common.percent', { value }));
  const noGpu = data !== null && data.gpu.count === 0;

  return (
    <section className="stats-screen" aria-labelledby="home-title">
      <header className="stats-screen-head">
        <h1 id="home-title">{title}</h1>
        {/* Kept in the line before the first answer (hidden), so its arrival does not re-wrap the header. */}
        <span className="stats-muted" aria-hidden={!data} style={data ? undefined : { visibility: 'hidden' }}>
          {t('common.updatedAt', { time: data ? data.updateTime.slice(11) : '00:00:00' })}
        </span>
      </header>
      {figures.status === 'error' ? (
        <LoadProblem message={t('common.loadFailed', { reason: figures.error })} retryLabel={t('common.retry')} onRetry={figures.refresh} />
      ) : null}
      <div className="stats-tiles" aria-busy={figures.status === 'loading'}>
        <Tile
          testId="tile-training"
          label={t('home.training')}
          value={data?.trainCount ?? '–'}
          detail={data ? t('home.trainingRunning', { count: data.trainRunning }) : null}
          to={{ href: '/algorithmProduction/train', perm: 'algorithmProduction/train' }}
        />
        <Tile
          testId="tile-orchestration"
          label={t('home.orchestration')}
          value={data?.orchestrationCount ?? '–'}
          detail={data ? t('home.published', { count: data.publishedCount }) : null}
          to={{ href: '/algorithmicSetup', perm: 'algorithmicSetup' }}
        />
        <Tile testId="tile-validations" label={t('home.validations')} value={data?.validationCount ?? '–'} to={{ href: '/algorithmicSetup', perm: 'algorithmicSetup' }} />
        <Tile
          testId="tile-compute"
          label={t('home.compute')}
          value={data ? pct(data.compute.cpuUsage) : '–'}
          detail={data ? t('home.computeDetail', { nodes: data.compute.nodes, cores: data.compute.cpuCores }) : null}
          to={{ href: '/resourceInfo', perm: 'resourceInfo' }}
        />
        <Tile
          testId="tile-memory"
          label={t('home.memory')}
          value={data ? pct(data.compute.memoryUsage) : '–'}
          detail={data ? t('home.memoryDetail', { used: formatBytes(data.compute.memoryUsed), total: formatBytes(data.compute.memoryTotal) }) : null}
          to={{ href: '/resourceInfo', perm: 'resourceInfo' }}
        />
        <Tile
          testId="tile-gpu"
          label={t('home.gpu')}
          value={noGpu ? t('home.noGpu') : data ? pct(data.gpu.usage) : '–'}
          tone={noGpu ? 'muted' : 'plain'}
          detail={noGpu ? t('home.noGpuDetail') : data ? t('home.gpuCount', { count: data.gpu.count }) : null}
          to={{ href: '/resourceInfo', perm: 'resourceInfo' }}
        />
        <Tile
          testId="tile-video-memory"
          label={t('home.videoMemory')}
          value={noGpu ? t('home.noGpu') : data ? pct(data.videoMemory.usage) : '–'}
          tone={noGpu ? 'muted' : 'plain'}
          detail={data && !noGpu ? t('home.memoryDetail', { used: formatBytes(data.videoMemory.used), total: formatBytes(data.videoMemory.total) }) : null}
          to={{ href: '/resourceInfo', perm: 'resourceInfo' }}
        />
      </div>
      <div className="stats-panels">
        <Panel title={t('home.topDownloads')} figures={figures} to={{ href: '/algorithmProduction/warehouse', perm: 'algorithmProduction/warehouse' }}>
          {(d) =>
            d.topDownloads.length === 0 ? (
              <p className="stats-empty">{t('home.topDownloadsEmpty')}</p>
            ) : (
              <ol className="home-top">
                {d.topDownloads.map((item) => (
                  <li key={item.id}>
                    <span>
                      {item.name} <span className="stats-muted">{t('home.version', { version: item.version })}</span>
                    </span>
                    <span className="stats-muted">{t('home.downloads', { count: item.downloads })}</span>
                  </li>
                ))}
              </ol>
            )
          }
        </Panel>
        <Panel title={t('home.weeklyOutput')} figures={figures} to={{ href: '/algorithmProduction/algorithmHistory', perm: 'algorithmProduction/algorithmHistory' }}>
          {(d) => (
            <Chart option={weeklyOption(d.weeklyOutput, t('home.versions'))} label={t('home.weeklySummary', { total: d.weeklyOutput.reduce((s, x) => s + x.count, 0) })} />
          )}
        </Panel>
      </div>
    </section>
  );
}
