// /synchroModelInfo (§2 "training model management"): the trained versions of an algorithm with their figures and
// status; reopen any version's saved report, pick two and compare them side by side, or sync a published version to
// edge boxes. The algorithm, the open report, the compared pair and the synced version live in the URL
// (?algorithmId=&versionId= or &compare=a,b, &sync=id), so a link reopens them.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { CompareVersions } from './CompareVersions.tsx';
import { LoadLine } from './LoadLine.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { listWarehouse } from './trainingApi.ts';
import { getVersion, listVersions, type TrainVersionDetail } from './versionsApi.ts';
import { RetrainLine, VersionsPanel } from './VersionsPanel.tsx';
import { VersionSyncPanel } from './VersionSyncPanel.tsx';
import './training.css';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const idOf = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

function OpenReport({ versionId, algorithmId }: { versionId: number; algorithmId: number }) {
  const { t } = useTranslation('training');
  const version = useLoaded((signal) => getVersion(versionId, signal), null, versionId);
  if (version.status !== 'ready' || !version.data) return <LoadLine loaded={version} />;
  return (
    <section aria-labelledby="version-report-title">
      <h2 id="version-report-title">{t('compare.reportOf', { version: version.data.version, time: version.data.createTime })}</h2>
      <ReportPanel algorithmId={algorithmId} report={version.data.report} />
    </section>
  );
}

function OpenCompare({ ids }: { ids: [number, number] }) {
  const pair = useLoaded((signal) => Promise.all(ids.map((id) => getVersion(id, signal))) as Promise<[TrainVersionDetail, TrainVersionDetail]>, null, ids.join(','));
  if (pair.status !== 'ready' || !pair.data) return <LoadLine loaded={pair} />;
  return <CompareVersions a={pair.data[0]} b={pair.data[1]} />;
}

export default function SynchroModelInfoScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle(useScreenEntry());
  const [params, setParams] = useSearchParams();
  const algorithms = useLoaded((signal) => listWarehouse('', 1, 100, signal).then((page) => page.list.filter((a) => a.versionCount > 0)), [], 'all');
  const algorithmId = idOf(params.get('algorithmId')) ?? algorithms.data[0]?.id ?? null;
  const algorithm = algorithms.data.find((a) => a.id === algorithmId) ?? null;
  const versions = useLoaded((signal) => (algorithmId ? listVersions(algorithmId, signal) : Promise.resolve(null)), null, algorithmId ?? 0);
  // The previous algorithm's versions stay in the load while the chosen one's come: never list them under the new
  // name (a click on their sync or report button opened a version the screen then could not find).
  const list = versions.data?.algorithmId === algorithmId ? versions.data : null;
  const reportId = idOf(params.get('versionId'));
  const syncId = idOf(params.get('sync'));
  const syncing = list?.list.find((v) => v.id === syncId && v.published) ?? null;
  const compare = (params.get('compare') ?? '').split(',').map(idOf).filter((n): n is number => n !== null).slice(0, 2);
  const setParam = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };
  const togglePick = (id: number) => {
    const picked = compare.includes(id) ? compare.filter((n) => n !== id) : [...compare, id].slice(-2);
    setParam({ compare: picked.length ? picked.join(',') : null, versionId: null });
  };

  return (
    <section className="train-screen">
      <h1>{title}</h1>
      <p>{t('compare.intro')}</p>
      <LoadLine loaded={algorithms} />
      {algorithms.status === 'ready' && algorithms.data.length === 0 ? <p>{t('compare.noAlgorithms')}</p> : null}
      {algorithms.data.length > 0 ? (
        <label>
          {t('compare.algorithm')}{' '}
          <select value={algorithmId ?? ''} onChange={(e) => setParam({ algorithmId: e.target.value, versionId: null, compare: null, sync: null })}>
            {algorithms.data.map((a) => (
              <option key={a.id} value={a.id}>
                {t('compare.algorithmOption', { name: a.name, count: a.versionCount })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {algorithmId ? <LoadLine loaded={versions} /> : null}
      {list && list.list.length > 0 ? (
        <>
          <RetrainLine newSamples={list.newSamples} latestVersion={list.latestVersion} />
          <table className="train-table">
            <caption>{t('compare.pickTwo')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('compare.pick')}</th>
                <th scope="col">{t('versions.version')}</th>
                <th scope="col">{t('versions.created')}</th>
                <th scope="col">{t('versions.accuracy')}</th>
                <th scope="col">{t('versions.ap')}</th>
                <th scope="col">{t('versions.samples')}</th>
                <th scope="col">{t('versions.status')}</th>
                <th scope="col">{t('versions.report')}</th>
                <th scope="col">{t('sync.column')}</th>
              </tr>
            </thead>
            <tbody>
              {list.list.map((v) => (
                <tr key={v.id}>
                  <td>
                    <input type="checkbox" aria-label={t('compare.pickVersion', { version: v.version })} checked={compare.includes(v.id)} onChange={() => togglePick(v.id)} />
                  </td>
                  <td>{v.version}</td>
                  <td>{v.createTime}</td>
                  <td>{pct(v.accuracy)}</td>
                  <td>{pct(v.averagePrecision)}</td>
                  <td>{t('versions.sampleCounts', { positive: v.positiveCount, negative: v.negativeCount })}</td>
                  <td>{v.published ? t('versions.published') : t('versions.draft')}</td>
                  <td>
                    <Button size="xs" aria-pressed={reportId === v.id} onClick={() => setParam({ versionId: String(v.id), compare: null })}>
                      {t('compare.openReport', { version: v.version })}
                    </Button>
                  </td>
                  <td>
                    {v.published ? (
                      <Button size="xs" aria-pressed={syncId === v.id} onClick={() => setParam({ sync: String(v.id) })}>
                        {t('sync.open', { version: v.version })}
                      </Button>
                    ) : (
                      <span className="train-muted">{t('sync.onlyPublished')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {compare.length === 1 ? <p role="status">{t('compare.pickOneMore')}</p> : null}
        </>
      ) : null}
      {syncing ? <VersionSyncPanel key={syncing.id} version={syncing} onClose={() => setParam({ sync: null })} /> : null}
      {compare.length === 2 ? <OpenCompare ids={compare as [number, number]} /> : null}
      {reportId && algorithmId && compare.length < 2 ? <OpenReport versionId={reportId} algorithmId={algorithmId} /> : null}
      {algorithm ? (
        <details>
          <summary>{t('compare.manage')}</summary>
          <VersionsPanel key={algorithm.id} algorithmId={algorithm.id} name={algorithm.name} onChanged={versions.reload} />
        </details>
      ) : null}
    </section>
  );
}
