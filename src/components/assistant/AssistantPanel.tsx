// The floating assistant (§1, §4): a button that shows the panel, a panel framing the agent page, a close
// button with its tooltip. The panel is hidden, not removed, once opened, so the conversation survives closing.
import CloseIcon from '@rsuite/icons/Close';
import MessageIcon from '@rsuite/icons/Message';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from 'rsuite/IconButton';
import Tooltip from 'rsuite/Tooltip';
import Whisper from 'rsuite/Whisper';
import 'rsuite/IconButton/styles/index.css';
import 'rsuite/Tooltip/styles/index.css';
import { useShellConfig } from '../../app/layouts/ShellConfig.tsx';
import { assistantFrameUrl, assistantSandbox } from './assistantFrame.ts';
import './assistant.css';

export function AssistantPanel() {
  const { t, i18n } = useTranslation('shell');
  const { assistantUrl, assistantServiceId } = useShellConfig();
  const origin = window.location.origin;
  // The language of the first opening stays: changing the frame's address would reload the conversation.
  const [language] = useState(i18n.language);
  const frameUrl = useMemo(
    () => assistantFrameUrl(assistantUrl, assistantServiceId, origin, language),
    [assistantUrl, assistantServiceId, origin, language],
  );
  const [shown, setShown] = useState(false);
  const [opened, setOpened] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasShown = useRef(false);

  // Focus follows the panel: into it when shown, back to the floating button when hidden.
  useEffect(() => {
    if (shown) closeButton.current?.focus();
    else if (wasShown.current) openButton.current?.focus();
    wasShown.current = shown;
  }, [shown]);

  if (!frameUrl) return null;
  return (
    <>
      <button
        ref={openButton}
        type="button"
        className="assistant-fab"
        hidden={shown}
        aria-label={t('assistant.open')}
        aria-controls="assistant-panel"
        aria-expanded={shown}
        onClick={() => {
          setOpened(true);
          setShown(true);
        }}
      >
        <MessageIcon aria-hidden="true" />
      </button>
      {opened ? (
        <section
          id="assistant-panel"
          className="assistant-panel"
          hidden={!shown}
          aria-labelledby="assistant-title"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setShown(false);
          }}
        >
          <header className="assistant-header">
            <h2 id="assistant-title">{t('assistant.title')}</h2>
            <Whisper placement="left" trigger={['hover', 'focus']} speaker={<Tooltip>{t('assistant.close')}</Tooltip>}>
              <IconButton
                ref={closeButton}
                size="sm"
                appearance="subtle"
                icon={<CloseIcon />}
                aria-label={t('assistant.close')}
                onClick={() => setShown(false)}
              />
            </Whisper>
          </header>
          <iframe className="assistant-frame" src={frameUrl} title={t('assistant.frameTitle')} sandbox={assistantSandbox(frameUrl, origin)} />
        </section>
      ) : null}
    </>
  );
}
