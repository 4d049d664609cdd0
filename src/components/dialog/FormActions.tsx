// Cancel and Save of a form edited in place (a panel's row, not a dialog): small, Save busy while the call runs.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';

export function FormActions({ busy, onCancel, onSave, saveLabel, cancelLabel }: { busy: boolean; onCancel(): void; onSave(): void; saveLabel?: string; cancelLabel?: string }) {
  const { t } = useTranslation('common');
  return (
    <div>
      <Button size="sm" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('actions.cancel')}
      </Button>
      <Button size="sm" appearance="primary" onClick={onSave} loading={busy}>
        {saveLabel ?? t('resource.save')}
      </Button>
    </div>
  );
}
