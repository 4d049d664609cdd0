// A day picker (rsuite's DatePicker) loaded when the user reaches for it — a pointer over it, a touch, focus —
// instead of with the screen: its calendar's rules (3.3 kB gzip of the page's CSS) and date code are shown only once
// it is opened. Until then the field is drawn with the picker's own elements, classes and size, showing the same
// text, so nothing moves when the picker takes its place; what the user did in between is handed over
// (reachedPicker.ts), as LazyDateRangePicker.tsx does for ranges.
import type { DatePickerProps } from 'rsuite/DatePicker';
import { moduleLoader, useReachedPicker } from './reachedPicker.ts';
import { StandInField } from './StandInField.tsx';
import type { DateTexts } from './typedRange.ts';

const picker = moduleLoader(() => import('./LoadedDatePicker.tsx'));

export interface LazyDatePickerProps extends Omit<DatePickerProps, 'as'> {
  /** How the field writes its value (the same format as `format`). */
  texts: Pick<DateTexts, 'format'>;
}

export function LazyDatePicker({ texts, ...props }: LazyDatePickerProps) {
  const reached = useReachedPicker(picker, props.id);
  const { module } = reached;
  if (module) return <module.DatePicker {...props} />;

  const { value, placeholder, format = 'yyyy-MM-dd', cleanable = true } = props;
  const text = value ? texts.format(value) : '';
  const shown = typeof placeholder === 'string' ? placeholder : format;
  return <StandInField reached={reached} picker="date" inputClassName="rs-input" field={props} text={text} placeholder={shown} cleanable={cleanable} icon={<CalendarSimpleIcon />} />;
}

/** rsuite's simple calendar icon (@rsuite/icons CalendarSimple), as the picker draws it. */
function CalendarSimpleIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false" className="rs-picker-caret-icon rs-icon">
      <path d="M4.5 0a.5.5 0 0 1 .5.5V2h6V.5a.5.5 0 0 1 1 0V2h1.5A1.5 1.5 0 0 1 15 3.5V6H2v7.5a.5.5 0 0 0 .5.5h11a.5.5 0 0 0 .5-.5v-3a.5.5 0 0 1 1 0v3a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 13.5v-10A1.5 1.5 0 0 1 2.5 2H4V.5a.5.5 0 0 1 .5-.5M14 5V3.5a.5.5 0 0 0-.5-.5H12v2zm-3 0V3H5v2zM4 5V3H2.5a.5.5 0 0 0-.5.5V5z" />
      <path d="M5 8v1H4V8zM8 8H7v1h1zM10 8h1v1h-1zM5 12v-1H4v1zM7 11h1v1H7zM11 11h-1v1h1z" />
    </svg>
  );
}
