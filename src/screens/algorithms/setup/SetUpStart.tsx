// /setUp without an id: what the editor is for, the algorithms edited most recently (any menu type) to open one,
// a new one for those who may write, and the way to the whole list. A link or a reload without an id lands here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { Can } from '../../../app/permissions.tsx';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { listRecentDrafts, type SetupEvent } from '../orchestrationApi.ts';
import { NewDraftDialog } from './NewDraftDialog.tsx';
import { SatausTag } from './SatausTag.tsx';
import { RetryLine } from '../../../components/data/RetryLine.tsx';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';

/** How many recent algorithms the page offers (the list screen has the rest). */
export const RECENT_DRAFTS = 8;
const WRITE = ['algorithmicSetup', 'setUp'];

export function SetUpStart() {
  const { t } = useTranslation('algorithms');
  const navigate = useNavigate();
  const recent = useLoaded<SetupEvent[]>((signal) => listRecentDrafts(RECENT_DRAFTS, signal), [], 0);
  const [adding, setAdding] = useState(false);
  return (
    <ScreenFrame className="orch-screen" headerClassName="orch-header" title={t('editor.title')} titleId="setup-start-title">
      <p>{t('start.intro')}</p>
      <div className="orch-actions">
        <Can perm={WRITE}>
          <Button appearance="primary" onClick={() => setAdding(true)}>
            {t('setup.add')}
          </Button>
        </Can>
        <Link to="/algorithmicSetup">{t('start.allAlgorithms')}</Link>
      </div>
      <section className="orch-card" aria-labelledby="setup-start-recent" aria-busy={recent.status === 'loading'}>
        <h2 id="setup-start-recent">{t('start.recent')}</h2>
        {recent.status === 'error' ? (
          <RetryLine message={t('editor.loadFailed', { error: recent.error })} retryLabel={t('editor.retry')} onRetry={recent.reload} className="orch-problem" appearance="link" />
        ) : recent.status === 'loading' ? (
          <p className="orch-muted">{t('editor.loading')}</p>
        ) : recent.data.length === 0 ? (
          <p className="orch-muted">{t('start.none')}</p>
        ) : (
          <ul className="orch-recent">
            {recent.data.map((draft) => (
              <li key={draft.id}>
                <Link to={`/setUp?id=${draft.id}`}>{draft.name}</Link> <SatausTag sataus={draft.sataus} />{' '}
                <span className="orch-muted">
                  {t(`setup.menu.${draft.buttonType}`)} · {t('start.updated', { time: draft.updateTime })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewDraftDialog
        open={adding}
        buttonType="validate"
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          notify('success', t('setup.created'));
          navigate(`/setUp?id=${id}`);
        }}
      />
    </ScreenFrame>
  );
}
