// §8: names the current browser, recommends Chrome, says some functions may not work properly. Dismissible;
// "do not show again" is remembered on the server (CityConfig noMoreShow).
import RemindFillIcon from '@rsuite/icons/RemindFill';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import './dialogs.css';

export default function BrowserWarningDialog({ browserName, onClose }: { browserName: string; onClose: (noMoreShow: boolean) => void }) {
  const { t } = useTranslation('shell');
  const [noMoreShow, setNoMoreShow] = useState(false);
  const titleId = useId();
  return (
    <Modal open onClose={() => onClose(false)} size="xs" role="alertdialog" aria-labelledby={titleId}>
      <Modal.Header>
        <Modal.Title id={titleId} className="notice-title notice-title--warning">
          <RemindFillIcon aria-hidden="true" /> {t('browser.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('browser.text', { browser: browserName || t('browser.unknown') })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Checkbox className="notice-options" checked={noMoreShow} onChange={(_, checked) => setNoMoreShow(checked)}>
          {t('browser.noMoreShow')}
        </Checkbox>
        <Button appearance="primary" onClick={() => onClose(noMoreShow)}>
          {t('browser.ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
