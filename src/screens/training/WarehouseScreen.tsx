// /algorithmProduction/warehouse: the published algorithms with their version, samples and last training — its
// cross-validated figures when it made a version —, the published trained version, the way to (re)train each in the
// wizard, and each algorithm's model versions (publish, withdraw, export, import: VersionsPanel).
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { Link } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LoadLine } from './LoadLine.tsx';
import { LastTraining } from './LastTraining.tsx';
import { listWarehouse } from './trainingApi.ts';
import { VersionsPanel } from './VersionsPanel.tsx';
import './training.css';

const PAGE = 20;

export default function WarehouseScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle(useScreenEntry());
  const [pageNo, setPageNo] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const page = useLoaded((signal) => listWarehouse('', pageNo, PAGE, signal), { list: [], total: 0, pageNo: 1, pageSize: PAGE }, `${pageNo}-${reloads}`);
  const pages = Math.max(1, Math.ceil(page.data.total / PAGE));
  return (
    <section className="train-screen">
      <h1>{title}</h1>
      <LoadLine loaded={page} />
      {page.status === 'ready' && page.data.list.length === 0 ? (
        <p>
          {t('picker.empty')} <Link to="/algorithmProduction/algorithmHistory">{t('picker.toSetup')}</Link>
        </p>
      ) : null}
      {page.data.list.length > 0 ? (
        <table className="train-table">
          <caption>{t('warehouse.caption', { total: page.data.total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('picker.name')}</th>
              <th scope="col">{t('picker.version')}</th>
              <th scope="col">{t('warehouse.source')}</th>
              <th scope="col">{t('warehouse.samples')}</th>
              <th scope="col">{t('picker.lastTraining')}</th>
              <th scope="col">{t('versions.status_col')}</th>
              <th scope="col">{t('warehouse.updated')}</th>
              <th scope="col">{t('picker.action')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.list.map((algorithm) => (
              <Fragment key={algorithm.id}>
                <tr>
                  <td>{algorithm.name}</td>
                  <td>{algorithm.version}</td>
                  <td>{t(`warehouse.sources.${algorithm.source}`)}</td>
                  <td>{t('warehouse.sampleCounts', { positive: algorithm.positiveCount, negative: algorithm.negativeCount, unclassified: algorithm.unclassifiedCount })}</td>
                  <td>
                    <LastTraining algorithm={algorithm} />
                  </td>
                  <td>
                    <span className={algorithm.publishedTrainVersion ? 'train-tag is-published' : 'train-tag'}>
                      {algorithm.publishedTrainVersion ? t('versions.publishedTag', { version: algorithm.publishedTrainVersion }) : t('versions.notPublishedTag')}
                    </span>
                  </td>
                  <td>{algorithm.updateTime}</td>
                  <td className="train-row-actions">
                    <Link to={`/algorithmProduction/train?algorithmId=${algorithm.id}`}>{algorithm.lastTrainTaskId ? t('warehouse.retrain') : t('picker.open')}</Link>
                    <Button
                      size="xs"
                      aria-expanded={open === algorithm.id}
                      aria-controls={`versions-${algorithm.id}`}
                      onClick={() => setOpen(open === algorithm.id ? null : algorithm.id)}
                    >
                      {t('versions.toggle', { count: algorithm.versionCount })}
                    </Button>
                  </td>
                </tr>
                {open === algorithm.id ? (
                  <tr id={`versions-${algorithm.id}`}>
                    <td colSpan={8}>
                      <VersionsPanel algorithmId={algorithm.id} name={algorithm.name} onChanged={() => setReloads((n) => n + 1)} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : null}
      {pages > 1 ? (
        <nav className="train-actions" aria-label={t('warehouse.pages')}>
          <Button size="sm" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('warehouse.previous')}
          </Button>
          <span>{t('warehouse.page', { pageNo, pages })}</span>
          <Button size="sm" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            {t('warehouse.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
