// The line a training list shows while it loads, or when it could not load: the reason and a way to try again.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { Loaded } from '../../components/data/useLoaded.ts';

export function LoadLine({ loaded }: { loaded: Loaded<unknown> }) {
  const { t } = useTranslation('training');
  if (loaded.status === 'loading') return <p role="status">{t('loading')}</p>;
  if (loaded.status !== 'error') return null;
  return (
    <p role="alert" className="train-problem">
      {t('loadFailed', { error: loaded.error })}{' '}
      <Button appearance="link" onClick={loaded.reload}>
        {t('retry')}
      </Button>
    </p>
  );
}
