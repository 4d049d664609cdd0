// Parts of the system name form: the notice that a display name is shown instead of the system name (§2: the
// logo description, else the system name), with the way back to the system name; and the alarm-handling rule.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import '../shared/systemForms.css';
import './logo.css';

/**
 * While a display name is set it is what the header, the login page and the tab show, so a new system name would
 * not be seen: say so next to the system name, and offer to clear the display name.
 */
export function DisplayNameNotice({ desc, onUseSystemName, readOnly }: { desc: string; onUseSystemName(): void; readOnly: boolean }) {
  const { t } = useTranslation('system');
  const shown = desc.trim();
  if (!shown) return null;
  return (
    <div className="logo-name-notice system-field wide" role="note" data-testid="display-name-notice">
      <span>{t('logo.displayNameWins', { desc: shown })}</span>
      {readOnly ? null : (
        <Button size="xs" appearance="link" onClick={onUseSystemName}>
          {t('logo.useSystemName')}
        </Button>
      )}
    </div>
  );
}

/** The system setting "the checker is not the handler" (checkerNotHandler). */
export function AlarmRulesField({ id, checked, onChange, readOnly }: { id: string; checked: boolean; onChange(checked: boolean): void; readOnly: boolean }) {
  const { t } = useTranslation('system');
  return (
    <fieldset className="logo-rules system-field wide">
      <legend className="system-field-label">{t('logo.rules.title')}</legend>
      <Checkbox
        inputProps={{ id, 'aria-describedby': `${id}-hint` }}
        checked={checked}
        disabled={readOnly}
        onChange={(_, value) => onChange(value)}
      >
        {t('logo.rules.checkerNotHandler')}
      </Checkbox>
      <p id={`${id}-hint`} className="system-field-hint">
        {t('logo.rules.checkerNotHandlerHint')}
      </p>
    </fieldset>
  );
}
