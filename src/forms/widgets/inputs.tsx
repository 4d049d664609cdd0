// Text-like widgets of the rsuite theme: the base input (text, number, date, time, URL …), the textarea, numbers
// with the schema's bounds (updown), sliders (range) and times of day.
import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps, rangeSpec, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import Input from 'rsuite/Input';
import InputNumber from 'rsuite/InputNumber';
import Slider from 'rsuite/Slider';
import 'rsuite/Input/styles/index.css';
import 'rsuite/InputNumber/styles/index.css';
import 'rsuite/Slider/styles/index.css';
import { TimeOfDayPicker } from './TimeOfDayPicker.tsx';

function invalid(rawErrors: string[] | undefined) {
  return rawErrors && rawErrors.length > 0 ? true : undefined;
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, onChange, onChangeOverride, onBlur, onFocus, options, schema, type, rawErrors } = props;
  const inputProps = getInputProps(schema, type, options);
  const empty = options.emptyValue;
  const change = (text: string, event: ChangeEvent<HTMLInputElement>) => {
    if (onChangeOverride) onChangeOverride(event);
    else onChange(text === '' ? empty : text);
  };
  return (
    <Input
      id={id}
      name={htmlName ?? id}
      {...inputProps}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id, Boolean(schema.examples))}
      onChange={change}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, rawErrors } = props;
  return (
    <Input
      as="textarea"
      id={id}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={placeholder}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(text: string) => onChange(text === '' ? options.emptyValue : text)}
      onBlur={(event: { target: { value: string } }) => onBlur(id, event.target.value)}
      onFocus={(event: { target: { value: string } }) => onFocus(id, event.target.value)}
    />
  );
}

/**
 * A number with a stepper. The schema's minimum/maximum are not handed to the input: it would silently replace a
 * typed 70000 by 65535 when the field loses focus. The validator says what the bounds are instead.
 */
export function UpDownWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, schema, rawErrors } = props;
  const { step } = rangeSpec(schema);
  const integer = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
  return (
    <InputNumber
      id={id}
      value={value ?? null}
      step={step ?? (integer ? 1 : 0.1)}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(next) => {
        if (next === null || next === '' || next === undefined) return onChange(props.options.emptyValue);
        const number = Number(next);
        onChange(Number.isFinite(number) ? number : next);
      }}
      onBlur={(event) => onBlur(id, (event.target as HTMLInputElement).value)}
      onFocus={(event) => onFocus(id, (event.target as HTMLInputElement).value)}
    />
  );
}

/** A slider with its value shown (confidence 0–100, box threshold 0–1 in steps of 0.05). */
export function RangeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, schema, options, label } = props;
  const spec = rangeSpec(schema);
  const min = spec.min ?? 0;
  const max = spec.max ?? 100;
  const step = typeof options.step === 'number' ? options.step : (spec.step ?? (max - min <= 1 ? 0.01 : 1));
  return (
    <div className="form-range">
      <Slider
        id={id}
        value={typeof value === 'number' ? value : min}
        min={min}
        max={max}
        step={step}
        disabled={disabled || readonly}
        progress
        aria-label={label}
        onChange={(next) => onChange(next)}
      />
      <output htmlFor={id} className="form-range-value">
        {typeof value === 'number' ? value : ''}
      </output>
    </div>
  );
}

/** A time of day (HH:mm, or HH:mm:ss with `withSeconds` / a schema that asks for seconds). */
export function TimeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options, schema, rawErrors, label } = props;
  const withSeconds = options.withSeconds === true || (typeof schema.pattern === 'string' && schema.pattern.includes(':[0-5]\\d:[0-5]\\d$'));
  return (
    <TimeOfDayPicker
      id={id}
      withSeconds={withSeconds}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      readOnly={readonly}
      aria-label={props.hideLabel ? label : undefined}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(text) => onChange(text === '' ? options.emptyValue : normaliseTime(text, withSeconds))}
      onBlur={(text) => onBlur(id, text)}
      onFocus={(text) => onFocus(id, text)}
    />
  );
}

/** The browser may give HH:mm where seconds are wanted (and the reverse). */
export function normaliseTime(text: string, withSeconds: boolean): string {
  if (withSeconds && /^\d{2}:\d{2}$/.test(text)) return `${text}:00`;
  if (!withSeconds && /^\d{2}:\d{2}:00$/.test(text)) return text.slice(0, 5);
  return text;
}
