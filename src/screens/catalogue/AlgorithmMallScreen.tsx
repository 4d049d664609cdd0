// /algorithmMall: the published algorithms — uploaded models and orchestrated algorithms alike — as cards with
// their versions, scenes, sample images and download counts; searched by keyword, type and scene, ordered by
// downloads or by the newest publish (all in the URL). A download counts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import Pagination from 'rsuite/Pagination';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Pagination/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useFirstSettled } from '../../components/data/useFirstSettled.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import type { Choice } from '../../components/resource/types.ts';
import { FilterBar, FilterField, useFilterDraft } from '../../components/table/FilterBar.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { useScreenTitle } from '../devices/shared/useScreenTitle.ts';
import { type AlgoModel, type MallAlgorithm, mallApi, modelScenesApi, modelsApi, modelTypesApi } from './catalogueApi.ts';
import { MallCard } from './MallCard.tsx';
import '../../components/resource/resource.css';
import './mall.css';
import { TextFilter } from '../../components/table/filterFields.tsx';

const FILTERS = ['keyword', 'modelTypeId', 'modelSceneId', 'sort'] as const;
const NONE: Choice[] = [];

export default function AlgorithmMallScreen() {
  const { t } = useTranslation('catalogue');
  const title = useScreenTitle(t('mall.title'));
  const canDownload = usePermission()(['algorithmMall', 'modalBoxPage']);
  const list = useServerList<MallAlgorithm, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (algorithm) => algorithm.id,
    defaultPageSize: 20,
    load: ({ filters, pageNo, pageSize, signal }) =>
      mallApi.list(
        {
          pageNo,
          pageSize,
          keyword: filters.keyword || undefined,
          modelTypeId: Number(filters.modelTypeId) || undefined,
          modelSceneId: Number(filters.modelSceneId) || undefined,
          sort: filters.sort === 'new' ? 'new' : 'hot',
        },
        signal,
      ),
  });
  const draft = useFilterDraft(list.filters, list.setFilters);
  const types = useLoaded((signal) => modelTypesApi.choices(signal), NONE);
  const scenes = useLoaded(async (signal) => (await modelScenesApi.list({ pageSize: 500, status: 1 }, signal)).list.map((s) => ({ value: s.id, label: s.sceneName })), NONE);
  // The hot list (POST /model/hotList, page/rows): the five most downloaded versions, again after each download.
  const [downloads, setDownloads] = useState(0);
  const hot = useLoaded(async (signal) => (await modelsApi.hot(5, signal)).list, [] as AlgoModel[], downloads);
  // The hot list and the cards show together once both first loads have settled: the hot list coming in after the
  // cards pushed them down under the user's pointer.
  const settled = useFirstSettled(list.status, hot.status);

  const download = async (id: number, version: string) => {
    try {
      await modelsApi.download(id, `${version}.zip`);
      list.reload();
      setDownloads((n) => n + 1);
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  };

  const picker = (key: 'modelTypeId' | 'modelSceneId' | 'sort', data: Choice[], any = true) => (
    <FilterField id={`mall-${key}`} label={t(`mall.filters.${key}`)}>
      <SelectPicker
        id={`mall-${key}`}
        aria-labelledby={`mall-${key}-label`}
        data={data.map((choice) => ({ value: String(choice.value), label: choice.label }))}
        value={draft.values[key] || (any ? null : 'hot')}
        onChange={(value) => draft.applyNow(key, value ?? '')}
        searchable={false}
        cleanable={any}
        placeholder={t('mall.any')}
      />
    </FilterField>
  );

  return (
    <section className="mall-screen" aria-labelledby="mall-title" aria-busy={list.status === 'loading'}>
      <header>
        <h1 id="mall-title">{title}</h1>
      </header>
      <FilterBar draft={draft} label={t('mall.filtersLabel')}>
        <TextFilter draft={draft} field="keyword" id="mall-keyword" label={t('mall.filters.keyword')} maxLength={32} />
        {picker('modelTypeId', types.data)}
        {picker('modelSceneId', scenes.data)}
        {picker('sort', [{ value: 'hot', label: t('mall.sort.hot') }, { value: 'new', label: t('mall.sort.new') }], false)}
      </FilterBar>
      {list.status === 'error' ? (
        <div role="alert" className="resource-failure">
          {t('mall.failed', { reason: list.error })}{' '}
          <Button size="sm" onClick={list.reload}>
            {t('mall.retry')}
          </Button>
        </div>
      ) : null}
      {!settled || (list.status === 'loading' && list.rows.length === 0) ? <Loader content={t('mall.loading')} /> : null}
      {settled && list.status === 'ready' && list.rows.length === 0 ? <p className="mall-empty">{t('mall.empty')}</p> : null}
      {settled && hot.data.length ? (
        <aside className="mall-hot" aria-labelledby="mall-hot-title">
          <h2 id="mall-hot-title">{t('mall.hot')}</h2>
          <ol>
            {hot.data.map((model) => (
              <li key={model.id}>
                {t('mall.hotItem', { name: model.name, version: model.version, n: model.downloads })}
              </li>
            ))}
          </ol>
        </aside>
      ) : null}
      {settled ? (
        <div className="mall-grid">
          {list.rows.map((algorithm) => (
            <MallCard key={algorithm.id} algorithm={algorithm} canDownload={canDownload} onDownload={download} />
          ))}
        </div>
      ) : null}
      {settled ? (
        <Pagination size="sm" layout={['total', '-', 'pager']} total={list.total} limit={list.pageSize} activePage={list.pageNo} maxButtons={5} prev next onChangePage={list.setPageNo} />
      ) : null}
    </section>
  );
}
