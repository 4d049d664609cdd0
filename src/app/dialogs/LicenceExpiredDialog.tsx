// §8 authorisation-expired dialog: says the licence has expired, with the expiry time, a title hint and a single
// confirm button, warning type.
import RemindFillIcon from '@rsuite/icons/RemindFill';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import './dialogs.css';

export default function LicenceExpiredDialog({ expireTime, onConfirm }: { expireTime: string; onConfirm: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal open onClose={onConfirm} backdrop="static" size="xs" role="alertdialog" aria-labelledby="licence-expired-title">
      <Modal.Header closeButton={false}>
        <Modal.Title id="licence-expired-title" className="notice-title notice-title--warning">
          <RemindFillIcon aria-hidden="true" /> {t('licence.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="notice-lead">{t('licence.expired')}</p>
        {expireTime ? <p>{t('licence.expireTime', { time: expireTime })}</p> : null}
        <p className="notice-hint">{t('licence.hint')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button appearance="primary" color="orange" onClick={onConfirm} autoFocus>
          {t('licence.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
