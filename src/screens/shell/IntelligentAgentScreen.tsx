// /intelligent (§2 "intelligent agent"): the configured agent page at full size — the same page and sandbox as
// the floating assistant panel (components/assistant/assistantFrame.ts).
import { useTranslation } from 'react-i18next';
import { useShellConfig } from '../../app/layouts/ShellConfig.tsx';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { assistantFrameUrl, assistantSandbox } from '../../components/assistant/assistantFrame.ts';
import './shellScreens.css';

export default function IntelligentAgentScreen() {
  const { t, i18n } = useTranslation('shell');
  const title = usePageTitle(useScreenEntry());
  const { assistantUrl, assistantServiceId } = useShellConfig();
  const origin = window.location.origin;
  const frameUrl = assistantFrameUrl(assistantUrl, assistantServiceId, origin, i18n.language);
  return (
    <section className="screen agent-screen" aria-labelledby="agent-title">
      <div>
        <h1 id="agent-title">{title}</h1>
        {frameUrl ? <p>{t('intelligent.intro', { serviceId: assistantServiceId || '—' })}</p> : null}
      </div>
      {frameUrl ? (
        <iframe className="agent-frame" src={frameUrl} title={t('assistant.frameTitle')} sandbox={assistantSandbox(frameUrl, origin)} />
      ) : (
        <p role="status">{t('assistant.notConfigured')}</p>
      )}
    </section>
  );
}
