// A version's saved report, or two versions side by side, as /synchroModelInfo opens them (?versionId= or
// ?compare=a,b). Their own module: the report's chart, slider and figure tables load when one is opened.
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { CompareVersions } from './CompareVersions.tsx';
import { LoadLine } from './LoadLine.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { getVersion, type TrainVersionDetail } from './versionsApi.ts';

export function OpenReport({ versionId, algorithmId }: { versionId: number; algorithmId: number }) {
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

export function OpenCompare({ ids }: { ids: [number, number] }) {
  const pair = useLoaded((signal) => Promise.all(ids.map((id) => getVersion(id, signal))) as Promise<[TrainVersionDetail, TrainVersionDetail]>, null, ids.join(','));
  if (pair.status !== 'ready' || !pair.data) return <LoadLine loaded={pair} />;
  return <CompareVersions a={pair.data[0]} b={pair.data[1]} />;
}
