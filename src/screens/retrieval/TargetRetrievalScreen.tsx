// /targetRetrieval: search the objects detected in alarms by the §3 attributes of an object type, a time window,
// and up to 3 images (ranked by embedding similarity on the server). Loading, empty and error states in place.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { OBJECT_TYPE_NAMES, OBJ_TYPES, type ObjType } from '../../domain/attributeDictionary.ts';
import { AttributeFilters } from './AttributeFilters.tsx';
import { ImageSearchSummary, SimilarityThreshold } from './ImageSearchParts.tsx';
import { QueryImages } from './QueryImages.tsx';
import { RetrievalResults } from './RetrievalResults.tsx';
import { type RetrievalPage, searchTargets } from './retrievalApi.ts';
import { type FormValues, formProblem, initialValues, MAX_IMAGES, MAX_RANGE_DAYS, toQuery } from './retrievalForm.ts';
import './retrieval.css';

const PAGE_SIZE = 24;

type Result = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: RetrievalPage; byImage: boolean };

export default function TargetRetrievalScreen() {
  const { t } = useTranslation('alarms');
  const [values, setValues] = useState<FormValues>(() => initialValues());
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const problem = formProblem(values);
  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }));

  const run = async (pageNo: number) => {
    if (problem) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setResult({ status: 'loading' });
    try {
      const page = await searchTargets(toQuery(values, pageNo, PAGE_SIZE), controller.signal);
      if (!controller.signal.aborted) setResult({ status: 'ready', page, byImage: values.images.length > 0 });
    } catch (error) {
      if (!controller.signal.aborted) setResult({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const pages = result.status === 'ready' ? Math.max(1, Math.ceil(result.page.total / PAGE_SIZE)) : 1;
  return (
    <section className="retrieval-screen">
      <form
        className="retrieval-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(1);
        }}
      >
        <fieldset className="retrieval-field">
          <legend>{t('retrieval.objType')}</legend>
          {OBJECT_TYPE_NAMES.map((name) => (
            <label key={name} className="retrieval-option">
              <input type="radio" name="retrieval-objType" checked={values.objType === OBJ_TYPES[name]} onChange={() => set({ objType: OBJ_TYPES[name] as ObjType, attributes: {} })} />
              {t(`retrieval.types.${name}`)}
            </label>
          ))}
        </fieldset>
        <div className="retrieval-row">
          <label className="retrieval-field">
            <span>{t('retrieval.start')}</span>
            <input type="datetime-local" value={values.start} onChange={(e) => set({ start: e.target.value })} />
          </label>
          <label className="retrieval-field">
            <span>{t('retrieval.end')}</span>
            <input type="datetime-local" value={values.end} onChange={(e) => set({ end: e.target.value })} />
          </label>
          {values.objType === OBJ_TYPES.MotorVehicle ? (
            <label className="retrieval-field">
              <span>{t('retrieval.plateNo')}</span>
              <input type="text" maxLength={18} value={values.plateNo} onChange={(e) => set({ plateNo: e.target.value })} />
            </label>
          ) : null}
        </div>
        <AttributeFilters objType={values.objType} values={values.attributes} onChange={(key, codes) => set({ attributes: { ...values.attributes, [key]: codes } })} />
        <QueryImages images={values.images} onChange={(images) => set({ images })} />
        {values.images.length > 0 ? <SimilarityThreshold value={values.similarity} onChange={(similarity) => set({ similarity })} /> : null}
        {problem ? (
          <p role="alert" className="retrieval-problem">
            {t(`retrieval.problem.${problem}`, { days: MAX_RANGE_DAYS, max: MAX_IMAGES })}
          </p>
        ) : null}
        <div className="retrieval-row">
          <Button type="submit" appearance="primary" disabled={problem !== null || result.status === 'loading'}>
            {t('retrieval.search')}
          </Button>
          <Button type="button" onClick={() => setValues(initialValues())}>
            {t('retrieval.reset')}
          </Button>
        </div>
      </form>
      {result.status === 'idle' ? <p className="retrieval-note">{t('retrieval.hint')}</p> : null}
      {result.status === 'loading' ? <p role="status">{values.images.length > 0 ? t('retrieval.searchingImages') : t('retrieval.searching')}</p> : null}
      {result.status === 'error' ? (
        <p role="alert" className="retrieval-problem">
          {t('retrieval.failed', { error: result.message })}{' '}
          <Button appearance="link" onClick={() => void run(1)}>
            {t('actions.retry')}
          </Button>
        </p>
      ) : null}
      {result.status === 'ready' && result.page.imageSearch ? <ImageSearchSummary summary={result.page.imageSearch} /> : null}
      {result.status === 'ready' && result.page.list.length === 0 ? <p role="status">{t('retrieval.empty')}</p> : null}
      {result.status === 'ready' && result.page.list.length > 0 ? (
        <>
          <p role="status">{t(result.byImage ? 'retrieval.foundByImage' : 'retrieval.found', { count: result.page.total })}</p>
          <RetrievalResults hits={result.page.list} />
          {pages > 1 ? (
            <nav className="retrieval-row" aria-label={t('retrieval.pages')}>
              <Button disabled={result.page.pageNo <= 1} onClick={() => void run(result.page.pageNo - 1)}>
                {t('retrieval.previous')}
              </Button>
              <span>{t('retrieval.pageOf', { page: result.page.pageNo, pages })}</span>
              <Button disabled={result.page.pageNo >= pages} onClick={() => void run(result.page.pageNo + 1)}>
                {t('retrieval.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
