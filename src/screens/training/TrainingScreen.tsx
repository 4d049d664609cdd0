// /algorithmProduction/train and /secondIdentify (both router sets, and the /layoutWhite twin): the training wizard
// of one warehouse algorithm, chosen by ?algorithmId= (a reload or a shared link opens the same dataset and step).
// Without an algorithm, the warehouse's algorithms to choose from.
import { useTranslation } from 'react-i18next';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { Link, useSearchParams } from 'react-router';
import { AlgorithmPicker } from './AlgorithmPicker.tsx';
import { TrainingWizard } from './TrainingWizard.tsx';
import './training.css';

export default function TrainingScreen() {
  const { t } = useTranslation('training');
  // The route's own title (the menu's name for it): the same screen serves three routes.
  const title = usePageTitle(useScreenEntry());
  const [params] = useSearchParams();
  const algorithmId = Number(params.get('algorithmId'));
  const chosen = Number.isInteger(algorithmId) && algorithmId > 0;
  return (
    <section className="train-screen">
      <h1>{title}</h1>
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
    </section>
  );
}
