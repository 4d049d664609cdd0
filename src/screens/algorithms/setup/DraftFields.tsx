// The draft's own fields (spec §3): name, event name, description, version, remark, kind and menu type.
import { useTranslation } from 'react-i18next';
import { LabelledPicker } from '../../../components/form/LabelledPicker.tsx';
import type { DraftValues } from './draftValues.ts';

export interface DraftFieldsProps {
  values: DraftValues;
  disabled: boolean;
  onChange(patch: Partial<DraftValues>): void;
}

export function DraftFields({ values, disabled, onChange }: DraftFieldsProps) {
  const { t } = useTranslation('algorithms');
  const text = (key: 'name' | 'eventName' | 'version', max: number) => (
    <div className="orch-field">
      <label htmlFor={`orch-${key}`}>{t(`fields.${key}`)}</label>
      <input id={`orch-${key}`} className="rs-input" value={values[key]} maxLength={max} disabled={disabled} onChange={(e) => onChange({ [key]: e.target.value })} />
    </div>
  );
  return (
    <div className="orch-fields">
      {text('name', 32)}
      {text('eventName', 32)}
      {text('version', 32)}
      <LabelledPicker
        className="orch-field"
        id="orch-kind"
        label={t('fields.customEventType')}
        block
        disabled={disabled}
        data={([1, 2, 3] as const).map((k) => ({ value: k, label: t(`types.${k}`) }))}
        value={values.customEventType}
        onChange={(value) => value && onChange({ customEventType: value })}
      />
      <LabelledPicker
        className="orch-field"
        id="orch-menu-type"
        label={t('fields.buttonType')}
        block
        disabled={disabled}
        data={(['validate', 'train', 'orchestrate'] as const).map((b) => ({ value: b, label: t(`setup.menu.${b}`) }))}
        value={values.buttonType}
        onChange={(value) => value && onChange({ buttonType: value })}
      />
      <div className="orch-field orch-wide">
        <label htmlFor="orch-desc">{t('fields.desc')}</label>
        <textarea id="orch-desc" className="rs-input" rows={2} maxLength={500} value={values.desc} disabled={disabled} onChange={(e) => onChange({ desc: e.target.value })} />
      </div>
      <div className="orch-field orch-wide">
        <label htmlFor="orch-remark">{t('fields.remark')}</label>
        <input id="orch-remark" className="rs-input" maxLength={500} value={values.remark} disabled={disabled} onChange={(e) => onChange({ remark: e.target.value })} />
      </div>
    </div>
  );
}
