// /synchroModelInfo (§2 "training model management"): the trained versions of an algorithm with their figures and
// status; reopen any version's saved report, pick two and compare them side by side, or sync a published version to
// edge boxes. The algorithm, the open report, the compared pair and the synced version live in the URL
// (?algorithmId=&versionId= or &compare=a,b, &sync=id), so a link reopens them.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Checkbox/styles/index.css';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useLocalList } from '../../components/table/useLocalList.ts';
import { LoadLine } from './LoadLine.tsx';
import { PickerField } from './PickerField.tsx';
import { listWarehouse } from './trainingApi.ts';
import { versionColumns } from './versionColumns.tsx';
import { listVersions, type TrainVersion } from './versionsApi.ts';
import { RetrainLine, VersionsPanel } from './VersionsPanel.tsx';
import { VersionSyncPanel } from './VersionSyncPanel.tsx';
import './training.css';

const OpenReport = lazy(() => import('./OpenVersion.tsx').then((module) => ({ default: module.OpenReport })));
const OpenCompare = lazy(() => import('./OpenVersion.tsx').then((module) => ({ default: module.OpenCompare })));
const NO_VERSIONS: TrainVersion[] = [];
const idOf = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

export default function SynchroModelInfoScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle(useScreenEntry());
  const [params, setParams] = useSearchParams();
  const [managing, setManaging] = useState(false);
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
  // While the chosen algorithm's versions load, the table is loading (never the previous algorithm's rows).
  const table = useLocalList({
    rows: list?.list ?? NO_VERSIONS,
    status: versions.status === 'error' ? 'error' : list ? 'ready' : 'loading',
    error: versions.error,
    reload: versions.reload,
    rowKey: (v: TrainVersion) => v.id,
    defaultPageSize: 10,
  });
  const longest = list?.list.reduce((a, v) => (v.version.length > a.length ? v.version : a), '') ?? '';
  const actionLabels = [t('compare.openReport', { version: longest }), t('sync.open', { version: longest })];
  const columns: TableColumn<TrainVersion>[] = [
    {
      key: 'pick',
      header: t('compare.pick'),
      width: 70,
      align: 'center',
      render: (v) => (
        <Checkbox checked={compare.includes(v.id)} onChange={() => togglePick(v.id)}>
          <span className="sr-only">{t('compare.pickVersion', { version: v.version })}</span>
        </Checkbox>
      ),
    },
    ...versionColumns(t, ['version', 'created', 'accuracy', 'ap', 'samples', 'status']),
    actionsColumn(t('versions.actions'), actionLabels, (v: TrainVersion) => [
      { key: 'report', label: t('compare.openReport', { version: v.version }), onClick: () => setParam({ versionId: String(v.id), compare: null }) },
      { key: 'sync', label: t('sync.open', { version: v.version }), shown: v.published, onClick: () => setParam({ sync: String(v.id) }) },
    ]),
  ];
  // One version picked: the comparison's code comes while the operator picks the second (the pick that opens it
  // is shown at once, not after the code has loaded).
  const picking = compare.length === 1;
  useEffect(() => {
    if (picking) void import('./OpenVersion.tsx');
  }, [picking]);
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
        <PickerField
          id="versions-algorithm"
          label={t('compare.algorithm')}
          data={algorithms.data.map((a) => ({ value: a.id, label: t('compare.algorithmOption', { name: a.name, count: a.versionCount }) }))}
          value={algorithmId}
          onChange={(value) => setParam({ algorithmId: String(value), versionId: null, compare: null, sync: null })}
        />
      ) : null}
      {algorithmId ? (
        <>
          {list && list.list.length > 0 ? <RetrainLine newSamples={list.newSamples} latestVersion={list.latestVersion} /> : null}
          <p className="train-muted">{t('compare.pickTwo')}</p>
          <ServerTable list={table} label={t('compare.pickTwo')} columns={columns} />
          {compare.length === 1 ? <p role="status">{t('compare.pickOneMore')}</p> : null}
        </>
      ) : null}
      {syncing ? <VersionSyncPanel key={syncing.id} version={syncing} onClose={() => setParam({ sync: null })} /> : null}
      <Suspense fallback={<p role="status">{t('loading')}</p>}>
        {compare.length === 2 ? <OpenCompare ids={compare as [number, number]} /> : null}
        {reportId && algorithmId && compare.length < 2 ? <OpenReport versionId={reportId} algorithmId={algorithmId} /> : null}
      </Suspense>
      {algorithm ? (
        // The versions' management is built when it is opened (its list and the import field load then).
        <details open={managing} onToggle={(event) => setManaging(event.currentTarget.open)}>
          <summary>{t('compare.manage')}</summary>
          {managing ? <VersionsPanel key={algorithm.id} algorithmId={algorithm.id} name={algorithm.name} onChanged={versions.reload} /> : null}
        </details>
      ) : null}
    </section>
  );
}
