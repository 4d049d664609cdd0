// /setUp?id=N: the orchestration editor of one setup event draft (loaded by id from the URL, so a reload or a
// shared link opens the same draft). Without an id: the start page (recent algorithms, a new one, the list). The
// editor (its sliders, picture upload and their styles) loads when a draft is opened.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { getDraft, type SetupEvent } from './orchestrationApi.ts';
import { SetUpStart } from './setup/SetUpStart.tsx';
import './orchestration.css';
import { RetryLine } from '../../components/data/RetryLine.tsx';

const DraftEditor = lazy(() => import('./setup/DraftEditor.tsx').then((module) => ({ default: module.DraftEditor })));

export default function SetUpScreen() {
  const { t } = useTranslation('algorithms');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const draft = useLoaded<SetupEvent | null>((signal) => (valid ? getDraft(id, signal) : Promise.resolve(null)), null, valid ? id : 0);

  if (!valid) return <SetUpStart />;
  return (
    <section className="orch-screen">
      <nav className="orch-back">
        <Link to="/algorithmicSetup">{t('editor.backToList')}</Link>
      </nav>
      {draft.status === 'loading' ? <p role="status">{t('editor.loading')}</p> : null}
      {draft.status === 'error' ? (
        <RetryLine message={t('editor.loadFailed', { error: draft.error })} retryLabel={t('editor.retry')} onRetry={draft.reload} className="orch-problem" appearance="link" />
      ) : null}
      {draft.status === 'ready' && draft.data ? (
        <Suspense fallback={<p role="status">{t('editor.loading')}</p>}>
          <DraftEditor key={draft.data.id} initial={draft.data} />
        </Suspense>
      ) : null}
    </section>
  );
}
