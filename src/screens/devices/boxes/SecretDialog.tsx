// The ingest secret of a newly registered box, shown once (the server keeps only its hash): a copy button and
// a warning that it cannot be shown again. Closing asks for nothing more — the warning says what closing means.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';

export function SecretDialog({ secret, name, onClose }: { secret: string | null; name: string; onClose(): void }) {
  const { t } = useTranslation('devices');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const code = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopyState('copied');
    } catch {
      // Without clipboard access the secret is selected so the operator can copy it by hand.
      const selection = window.getSelection();
      if (code.current && selection) {
        const range = document.createRange();
        range.selectNodeContents(code.current);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopyState('failed');
    }
  };
  const close = () => {
    setCopyState('idle');
    onClose();
  };
  return (
    <Modal open={secret !== null} onClose={close} size="sm" backdrop="static" role="alertdialog" aria-labelledby="secret-title" aria-describedby="secret-warning">
      <Modal.Header>
        <Modal.Title id="secret-title">{t('boxes.secretTitle', { name })}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="secret-box">
        <p id="secret-warning" className="secret-warning" role="note">
          {t('boxes.secretWarning')}
        </p>
        <span id="secret-label">{t('boxes.secretLabel')}</span>
        <code ref={code}>
          {secret}
        </code>
        {copyState !== 'idle' ? <p role="status">{copyState === 'copied' ? t('boxes.copied') : t('boxes.copyFailed')}</p> : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={copy} appearance="primary">
          {t('boxes.copy')}
        </Button>
        <Button onClick={close}>{t('boxes.secretDone')}</Button>
      </Modal.Footer>
    </Modal>
  );
}
