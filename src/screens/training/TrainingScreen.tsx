// /algorithmProduction/train and /secondIdentify (both router sets, and the /layoutWhite twin): the training wizard
// of one warehouse algorithm, chosen by ?algorithmId= (a reload or a shared link opens the same dataset and step).
// Without an algorithm, the warehouse's algorithms to choose from.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlgorithmPicker } from './AlgorithmPicker.tsx';
import { TrainingWizard } from './TrainingWizard.tsx';
import './training.css';

export default function TrainingScreen() {
  const { t } = useTranslation('training');
  const [params] = useSearchParams();
  const algorithmId = Number(params.get('algorithmId'));
  const chosen = Number.isInteger(algorithmId) && algorithmId > 0;
  return (
    <section className="train-screen">
      <h1>{t('title')}</h1>
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
