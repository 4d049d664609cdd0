// /algorithmProduction/train and /secondIdentify (both router sets, and the /layoutWhite twin): the training wizard
// of one warehouse algorithm, chosen by ?algorithmId= (a reload or a shared link opens the same dataset and step).
// Without an algorithm, the warehouse's algorithms to choose from. Outside algorithm production's own frame (its
// tabs and way back to the console): /secondIdentify and its white twin, bare pages otherwise, have a way back in
// the page's header line — to the page the operator came from in the console, or to /algorithmProduction when the
// page was opened first (a link, a new tab).
import ArrowLeftLineIcon from '@rsuite/icons/ArrowLeftLine';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import './training.css';

// The picker (a list) and the wizard (its steps' panels) load apart: each view takes only its own code and styles.
const AlgorithmPicker = lazy(() => import('./AlgorithmPicker.tsx').then((module) => ({ default: module.AlgorithmPicker })));
const TrainingWizard = lazy(() => import('./TrainingWizard.tsx').then((module) => ({ default: module.TrainingWizard })));

export const PRODUCTION_HOME = '/algorithmProduction';

function BackLink() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  // The first entry of this tab's history has the key "default": nothing in the console to go back to.
  const cameFromConsole = useLocation().key !== 'default';
  const icon = <ArrowLeftLineIcon aria-hidden="true" />;
  return cameFromConsole ? (
    <Button appearance="link" startIcon={icon} onClick={() => navigate(-1)}>
      {t('back.previous')}
    </Button>
  ) : (
    <Button appearance="link" startIcon={icon} as={Link} role="link" to={PRODUCTION_HOME}>
      {t('back.production')}
    </Button>
  );
}

export default function TrainingScreen() {
  const { t } = useTranslation('training');
  // The route's own title (the menu's name for it): the same screen serves three routes.
  const entry = useScreenEntry();
  const title = usePageTitle(entry);
  const standAlone = entry?.id !== 'algorithmProduction/train';
  const [params] = useSearchParams();
  const algorithmId = Number(params.get('algorithmId'));
  const chosen = Number.isInteger(algorithmId) && algorithmId > 0;
  return (
    <section className="train-screen">
      <header className="train-header">
        {standAlone ? <BackLink /> : null}
        <h1>{title}</h1>
      </header>
      <Suspense fallback={<p role="status">{t('loading')}</p>}>
        {chosen ? (
          <>
            <nav className="train-back">
              <Link to="?">{t('picker.change')}</Link>
            </nav>
            <TrainingWizard key={algorithmId} algorithmId={algorithmId} />
          </>
        ) : (
          <AlgorithmPicker />
        )}
      </Suspense>
    </section>
  );
}
