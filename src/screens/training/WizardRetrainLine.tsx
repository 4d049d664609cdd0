// In the wizard's report, validate and publish steps: the newest version, whether it is published, and "ready to
// retrain: N new images since version k" — loaded again when the wizard publishes.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LoadLine } from './LoadLine.tsx';
import { listVersions } from './versionsApi.ts';
import { RetrainLine } from './VersionsPanel.tsx';

export function WizardRetrainLine({ algorithmId, published }: { algorithmId: number; published: boolean }) {
  const { t } = useTranslation('training');
  const versions = useLoaded((signal) => listVersions(algorithmId, signal), null, `${algorithmId}-${published}`);
  if (versions.status !== 'ready' || !versions.data) return <LoadLine loaded={versions} />;
  const [newest] = versions.data.list;
  return (
    <div className="train-actions">
      {newest ? (
        <span className={newest.published ? 'train-tag is-published' : 'train-tag'}>
          {newest.version} · {newest.published ? t('versions.published') : t('versions.draft')}
        </span>
      ) : null}
      <RetrainLine newSamples={versions.data.newSamples} latestVersion={versions.data.latestVersion} />
      <Link to={`/synchroModelInfo?algorithmId=${algorithmId}`}>{t('versions.title')}</Link>
    </div>
  );
}
