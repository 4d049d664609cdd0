// Daily time windows (uiSchema `ui:field: timeWindows`): rows of start and end time of day, added and removed in
// place; `withSeconds` for HH:mm:ss. A window whose start is after its end is flagged at once (§5 "start time not
// after end time"); the form's own validation refuses it on save.
import { type FieldProps, getUiOptions } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { contextOf } from '../formContext.ts';
import { normaliseTime } from '../widgets/inputs.tsx';
import { TimeOfDayPicker } from '../widgets/TimeOfDayPicker.tsx';

export interface TimeWindowValue {
  startTime: string;
  endTime: string;
  type?: number;
}

/** Compares times of day written HH:mm or HH:mm:ss. */
export function startsAfterEnd(window: TimeWindowValue): boolean {
  const seconds = (text: string) => {
    const [h = 0, m = 0, s = 0] = text.split(':').map(Number);
    return h * 3600 + m * 60 + s;
  };
  return Boolean(window.startTime && window.endTime) && seconds(window.startTime) > seconds(window.endTime);
}

export function TimeWindowsField(props: FieldProps<TimeWindowValue[]>) {
  const { t } = useTranslation('forms');
  const { formData, onChange, fieldPathId, uiSchema, registry, name, disabled, readonly, schema, rawErrors, errorSchema } = props;
  const options = getUiOptions(uiSchema);
  const withSeconds = options.withSeconds === true;
  const windows = Array.isArray(formData) ? formData : [];
  const title = (typeof options.title === 'string' && options.title) || contextOf(registry).labelOf?.(name) || name;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : 24;
  const update = (next: TimeWindowValue[]) => onChange(next, fieldPathId.path);
  const fresh = (): TimeWindowValue => (withSeconds ? { startTime: '00:00:00', endTime: '23:59:59' } : { startTime: '00:00', endTime: '23:59' });
  const itemErrors = (index: number): string[] => {
    const entry = (errorSchema as Record<number, { __errors?: string[]; startTime?: { __errors?: string[] }; endTime?: { __errors?: string[] } }> | undefined)?.[index];
    return [...(entry?.__errors ?? []), ...(entry?.startTime?.__errors ?? []), ...(entry?.endTime?.__errors ?? [])];
  };

  return (
    <fieldset className="form-windows" id={fieldPathId.$id}>
      <legend className="form-section-title">{title}</legend>
      {windows.length === 0 ? <p className="form-array-empty">{t('windows.allDay')}</p> : null}
      <ol className="form-windows-list">
        {windows.map((window, index) => {
          const backwards = window.type !== 2 && startsAfterEnd(window);
          const problems = [...(backwards ? [t('windows.startAfterEnd')] : []), ...itemErrors(index)];
          const id = `${fieldPathId.$id}_${index}`;
          const set = (key: 'startTime' | 'endTime', text: string) =>
            update(windows.map((w, i) => (i === index ? { ...w, [key]: normaliseTime(text, withSeconds) } : w)));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a window is known by its position in the list
            <li key={index} className="form-windows-row">
              <label htmlFor={`${id}_start`}>{t('windows.start')}</label>
              <TimeOfDayPicker
                id={`${id}_start`}
                withSeconds={withSeconds}
                value={window.startTime}
                disabled={disabled}
                readOnly={readonly}
                aria-invalid={problems.length ? true : undefined}
                onChange={(text) => set('startTime', text)}
              />
              <label htmlFor={`${id}_end`}>{t('windows.end')}</label>
              <TimeOfDayPicker
                id={`${id}_end`}
                withSeconds={withSeconds}
                value={window.endTime}
                disabled={disabled}
                readOnly={readonly}
                aria-invalid={problems.length ? true : undefined}
                onChange={(text) => set('endTime', text)}
              />
              <Button
                size="xs"
                appearance="ghost"
                disabled={disabled || readonly}
                aria-label={t('windows.remove', { n: index + 1 })}
                onClick={() => update(windows.filter((_, i) => i !== index))}
              >
                {t('windows.removeShort')}
              </Button>
              {problems.length ? (
                <p className="form-field-errors" role="alert">
                  {problems.join(' ')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {(rawErrors ?? []).length ? <p className="form-field-errors">{(rawErrors ?? []).join(' ')}</p> : null}
      <Button size="sm" onClick={() => update([...windows, fresh()])} disabled={disabled || readonly || windows.length >= max}>
        {t('windows.add')}
      </Button>
    </fieldset>
  );
}

/** Fields that are kept in the data but not shown (uiSchema `ui:field: hidden`). */
export function HiddenField() {
  return null;
}
