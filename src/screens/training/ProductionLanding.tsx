// What /algorithmProduction shows first: the operator's algorithms with where each stands (dataset in progress,
// training, trained, published), their samples, versions and last figures, a "continue" link that opens the wizard
// at the step the algorithm is at, and the ways to start: a new training (named here, the wizard opens on it), or a
// new algorithm in orchestration (its start page, which creates one).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { Link } from 'react-router';
import { type AlgorithmStatus, algorithmStatus, continueStep } from '../../domain/algorithmStatus.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LastTraining } from './LastTraining.tsx';
import { LoadLine } from './LoadLine.tsx';
import { NewTrainingDialog } from './NewTrainingDialog.tsx';
import { listWarehouse } from './trainingApi.ts';
import './training.css';

const STATUSES: AlgorithmStatus[] = ['dataset', 'training', 'trained', 'published'];

export function ProductionLanding() {
  const { t } = useTranslation('training');
  const page = useLoaded((signal) => listWarehouse('', 1, 100, signal), { list: [], total: 0, pageNo: 1, pageSize: 100 }, 'landing');
  const rows = page.data.list.map((a) => ({ a, status: algorithmStatus(a) }));
  const [naming, setNaming] = useState(false);
  const count = (status: AlgorithmStatus) => rows.filter((r) => r.status === status).length;
  return (
    <div className="train-screen" data-testid="production-landing">
      <p>{t('landing.intro')}</p>
      <div className="train-actions">
        <Button appearance="primary" onClick={() => setNaming(true)}>
          {t('landing.newTraining')}
        </Button>
        <Link className="rs-btn rs-btn-default" to="/setUp">
          {t('landing.newAlgorithm')}
        </Link>
        <Link to="/synchroModelInfo">{t('landing.versions')}</Link>
      </div>
      <NewTrainingDialog open={naming} onClose={() => setNaming(false)} />
      <LoadLine loaded={page} />
      {page.status === 'ready' && rows.length === 0 ? <p>{t('landing.empty')}</p> : null}
      {rows.length > 0 ? (
        <>
          <ul className="train-figures" aria-label={t('landing.summary')}>
            {STATUSES.map((s) => (
              <li key={s}>{t(`landing.count.${s}`, { count: count(s) })}</li>
            ))}
          </ul>
          <table className="train-table">
            <caption>{t('landing.caption', { total: page.data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('picker.name')}</th>
                <th scope="col">{t('landing.status')}</th>
                <th scope="col">{t('warehouse.samples')}</th>
                <th scope="col">{t('landing.versionsCol')}</th>
                <th scope="col">{t('picker.lastTraining')}</th>
                <th scope="col">{t('picker.action')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ a, status }) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>
                    <span className={status === 'published' ? 'train-tag is-published' : 'train-tag'}>
                      {status === 'published' ? t('versions.publishedTag', { version: a.publishedTrainVersion }) : t(`landing.statuses.${status}`)}
                    </span>
                  </td>
                  <td>{t('warehouse.sampleCounts', { positive: a.positiveCount, negative: a.negativeCount, unclassified: a.unclassifiedCount })}</td>
                  <td>{a.versionCount}</td>
                  <td>
                    <LastTraining algorithm={a} />
                  </td>
                  <td>
                    <Link to={`/algorithmProduction/train?algorithmId=${a.id}&step=${continueStep(a)}`}>{t('landing.continue')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.data.total > rows.length ? <p>{t('landing.more', { shown: rows.length, total: page.data.total })} <Link to="/algorithmProduction/warehouse">{t('landing.toWarehouse')}</Link></p> : null}
        </>
      ) : null}
    </div>
  );
}
