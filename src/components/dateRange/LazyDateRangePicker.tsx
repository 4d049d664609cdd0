// The typed date range picker (TypedDateRangePicker.tsx), loaded when the user reaches for it — a pointer over it,
// a touch, focus — instead of with the screen: rsuite's DateRangePicker, its calendar and date code are about a fifth
// of a list screen's bytes, and most visits never open the filter's time range.
//
// Until then the field is drawn with the picker's own elements, classes and size, showing the same text, so nothing
// moves when the picker takes its place. What the user did in between is handed over (reachedPicker.ts).
import { moduleLoader, useReachedPicker } from './reachedPicker.ts';
import { StandInField } from './StandInField.tsx';
import type { TypedDateRangePickerProps } from './TypedDateRangePicker.tsx';
import { rangeValue } from './typedRange.ts';

const picker = moduleLoader(() => import('./TypedDateRangePicker.tsx'));

/** The picker's module, loaded once for every field (a failed load is tried again at the next reach). */
export const loadDateRangePicker = picker.load;

const RANGE_SEPARATOR = ' ~ ';

export function LazyDateRangePicker(props: TypedDateRangePickerProps) {
  const reached = useReachedPicker(picker, props.id);
  const { module } = reached;
  if (module) return <module.TypedDateRangePicker {...props} />;

  const { start, end, texts, placeholder, format = 'yyyy-MM-dd' } = props;
  const value = rangeValue(start, end, texts);
  return (
    <StandInField
      reached={reached}
      picker="date-range"
      inputClassName="rs-date-range-input rs-input"
      field={props}
      text={value ? `${texts.format(value[0])}${RANGE_SEPARATOR}${texts.format(value[1])}` : ''}
      placeholder={typeof placeholder === 'string' ? placeholder : `${format}${RANGE_SEPARATOR}${format}`}
      // The picker's own width: its format twice, the separator and 4 (rsuite's getInputHtmlSize).
      htmlSize={format.length * 2 + RANGE_SEPARATOR.length + 4}
      // As before: the stand-in says cleanable whatever the picker is given (it draws no clean button either way).
      cleanable
      icon={<CalendarIcon />}
    />
  );
}

/** rsuite's calendar icon (@rsuite/icons Calendar), as the picker draws it. */
function CalendarIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false" className="rs-picker-caret-icon rs-icon">
      <path d="M4.5 7a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-1 0v-5a.5.5 0 0 1 .5-.5M7.5 7a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-1 0v-5a.5.5 0 0 1 .5-.5M10.5 7a.5.5 0 0 1 .5.5v1a.5.5 0 0 1-1 0v-1a.5.5 0 0 1 .5-.5" />
      <path d="M1 8h10.5a.5.5 0 0 1 0 1H1zm0 3h7.5a.5.5 0 0 1 0 1H1zM1 5h14v1H1z" />
      <path d="M4.5 1a.5.5 0 0 1 .5.5v3a.5.5 0 0 1-1 0v-3a.5.5 0 0 1 .5-.5M11.5 1a.5.5 0 0 1 .5.5v3a.5.5 0 0 1-1 0v-3a.5.5 0 0 1 .5-.5M14.5 11a.5.5 0 0 1 .492.41l.008.09v1a2.5 2.5 0 0 1-2.336 2.495L12.5 15h-3a.5.5 0 0 1-.09-.992L9.5 14h3a1.5 1.5 0 0 0 1.493-1.356L14 12.5v-1a.5.5 0 0 1 .5-.5" />
      <path d="M13 3a2 2 0 0 1 2 2v3c0 2-2 3-4 3q1 2-1 4H3a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm.117 1.007L13 4H3a1 1 0 0 0-.993.883L2 5v8a1 1 0 0 0 .883.993L3 14h6.566l.031-.033c.738-.856.9-1.608.575-2.375l-.067-.144a1 1 0 0 1 .894-1.447c1.692 0 2.9-.76 2.994-1.861l.006-.139v-3a1 1 0 0 0-.883-.993z" />
    </svg>
  );
}
