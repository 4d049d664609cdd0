// Choice widgets of the rsuite theme. §9: an enumeration with more than 4 options renders as a select, up to 4 as
// radio buttons — the default `select` widget decides by the number of options. Also checkboxes, toggles, the
// multi-choice checkbox list and the weekday picker (1 Monday … 7 Sunday).
import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, optionId, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import CheckPicker from 'rsuite/CheckPicker';
import Checkbox from 'rsuite/Checkbox';
import CheckboxGroup from 'rsuite/CheckboxGroup';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import SelectPicker from 'rsuite/SelectPicker';
import Toggle from 'rsuite/Toggle';
import 'rsuite/CheckPicker/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/CheckboxGroup/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import 'rsuite/Toggle/styles/index.css';

/** §9: more than this many options → a select; up to it → radio buttons. */
export const RADIO_MAX_OPTIONS = 4;

export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, options, label, rawErrors } = props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  return (
    <RadioGroup
      name={id}
      inline={options.inline !== false}
      value={typeof selected === 'string' ? selected : ''}
      disabled={disabled || readonly}
      aria-label={label}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(index) => onChange(enumOptionsValueForIndex(String(index), enumOptions, options.emptyValue))}
    >
      {enumOptions.map((option, index) => (
        <Radio key={optionId(id, index)} id={optionId(id, index)} value={String(index)}>
          {option.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}

export function SelectWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, disabled, readonly, onChange, options, placeholder, rawErrors, multiple, label } = props;
  const enumOptions = options.enumOptions ?? [];
  if (!multiple && enumOptions.length <= RADIO_MAX_OPTIONS) return <RadioWidget {...props} />;
  if (multiple) return <CheckboxesWidget {...props} />;
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  return (
    <SelectPicker
      id={id}
      block
      data={enumOptions.map((option, index) => ({ label: option.label, value: String(index) }))}
      value={typeof selected === 'string' ? selected : null}
      disabled={disabled}
      readOnly={readonly}
      searchable={enumOptions.length > 10}
      cleanable={!props.required}
      placeholder={placeholder || t('select.placeholder')}
      aria-label={label}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      onChange={(index) => onChange(index === null ? options.emptyValue : enumOptionsValueForIndex(index, enumOptions, options.emptyValue))}
    />
  );
}

export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label, hideLabel } = props;
  return (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(_, checked) => onChange(checked)}
      inputProps={{ 'aria-describedby': ariaDescribedByIds(id) }}
    >
      {hideLabel ? null : label}
    </Checkbox>
  );
}

export function ToggleWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, label, hideLabel } = props;
  return (
    <Toggle
      id={id}
      checked={value === true}
      disabled={disabled}
      readOnly={readonly}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(checked) => onChange(checked)}
    />
  );
}

/** An array of enumerated values as a list of checkboxes. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, options, label } = props;
  const enumOptions = options.enumOptions ?? [];
  const values: unknown[] = Array.isArray(value) ? value : [];
  const checked = enumOptions.flatMap((option, index) => (values.includes(option.value) ? [String(index)] : []));
  return (
    <CheckboxGroup
      name={id}
      inline={options.inline !== false}
      value={checked}
      aria-label={label}
      onChange={(indexes) => {
        const picked = new Set(indexes.map(String));
        onChange(enumOptions.filter((_, index) => picked.has(String(index))).map((option) => option.value));
      }}
    >
      {enumOptions.map((option, index) => (
        <Checkbox key={optionId(id, index)} value={String(index)} disabled={disabled || readonly}>
          {option.label}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Weekdays as numbers 1 (Monday) … 7 (Sunday), kept in week order. */
export function WeeksWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, disabled, readonly, onChange, label, rawErrors } = props;
  const days: number[] = Array.isArray(value) ? value.filter((day): day is number => typeof day === 'number') : [];
  return (
    <CheckboxGroup
      name={id}
      inline
      value={days}
      aria-label={label}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      onChange={(picked) => onChange(WEEKDAYS.filter((day) => picked.includes(day)))}
    >
      {WEEKDAYS.map((day) => (
        <Checkbox key={day} value={day} disabled={disabled || readonly}>
          {t(`weeks.${day}`)}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/** An array of enumerated values from a long list (cameras): a searchable multi-select. */
export function MultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, disabled, readonly, onChange, options, label, rawErrors } = props;
  const enumOptions = options.enumOptions ?? [];
  const values: unknown[] = Array.isArray(value) ? value : [];
  return (
    <CheckPicker
      id={id}
      block
      data={enumOptions.map((option, index) => ({ label: option.label, value: String(index) }))}
      value={enumOptions.flatMap((option, index) => (values.includes(option.value) ? [String(index)] : []))}
      disabled={disabled}
      readOnly={readonly}
      placeholder={t('select.placeholder')}
      aria-label={label}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      onChange={(indexes) => {
        const picked = new Set(indexes.map(String));
        onChange(enumOptions.filter((_, index) => picked.has(String(index))).map((option) => option.value));
      }}
    />
  );
}
