// /targetRetrieval: search the objects detected in alarms by up to 3 images (ranked by object similarity on the
// server), an object type, a time window and the §3 attributes (folded away until asked for). The query sits on
// top, the hits lead beneath it. Loading, empty and error states in place.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { ImageSearchSummary } from './ImageSearchParts.tsx';
import { RetrievalQueryForm } from './RetrievalQueryForm.tsx';
import { RetrievalResults } from './RetrievalResults.tsx';
import { type RetrievalPage, searchTargets } from './retrievalApi.ts';
import { type FormValues, formProblem, initialValues, toQuery } from './retrievalForm.ts';
import './retrieval.css';

const PAGE_SIZE = 24;

type Result = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: RetrievalPage; byImage: boolean };

export default function TargetRetrievalScreen() {
  const { t } = useTranslation('alarms');
  const [values, setValues] = useState<FormValues>(() => initialValues());
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  const problem = formProblem(values);

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
      <RetrievalQueryForm values={values} onChange={setValues} onSearch={() => void run(1)} busy={result.status === 'loading'} />
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
