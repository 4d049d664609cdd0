// A DateRangePicker over two texts (a filter's startTime/endTime, a URL's startDate/endDate) that survives typing.
// The picker keeps what is being typed itself (it is uncontrolled); the texts it reports go to `onChange` —
// `onlyComplete` screens get only whole ranges, the others every change (an end being typed as INCOMPLETE_TIME,
// which their checks refuse). When the texts change from outside (Reset, Back, a link), the picker starts again
// from them.
//
// Typed separators ("2026-1-5 8:00:00 ~ …"): rsuite's input takes digits segment by segment and lets any other key
// through, which writes the character into the text and loses the segment (the next digits land in the year). A
// separator here is never written: after a segment the digits completed (the cursor moved on by itself) it is
// skipped, after a shorter one ("1" of a month) it moves to the next segment, as the arrow key does.
import './rsuiteDateFns.ts';
import { type KeyboardEvent, useRef, useState } from 'react';
import DateRangePicker, { type DateRangePickerProps } from 'rsuite/DateRangePicker';
import 'rsuite/DateRangePicker/styles/index.css';
import { type DateTexts, type RangeTexts, rangeTexts, rangeValue } from './typedRange.ts';

export interface TypedDateRangePickerProps extends Omit<DateRangePickerProps, 'value' | 'defaultValue' | 'onChange'> {
  start: string;
  end: string;
  texts: DateTexts;
  onChange(range: RangeTexts): void;
  /** Report whole ranges and clearing only (a screen that applies every change at once). */
  onlyComplete?: boolean;
}

const keyOf = (start: string, end: string) => `${start}\u0000${end}`;
const SEPARATORS = new Set(['-', '/', '.', ':', ' ', '~']);

export function TypedDateRangePicker({ start, end, texts, onChange, onlyComplete = false, ...rest }: TypedDateRangePickerProps) {
  const current = keyOf(start, end);
  // The texts this picker last reported, and the texts it last saw: a change it did not report is from outside.
  const [reported, setReported] = useState(current);
  const [seen, setSeen] = useState(current);
  const [revision, setRevision] = useState(0);
  if (current !== seen) {
    setSeen(current);
    if (current !== reported) {
      setReported(current);
      setRevision((n) => n + 1);
    }
  }

  // Where the cursor was when the last digit was typed (null: the last key was not a digit).
  const lastDigitAt = useRef<number | null>(null);
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      lastDigitAt.current = input.selectionStart;
      return;
    }
    const stayed = lastDigitAt.current !== null && input.selectionStart === lastDigitAt.current;
    lastDigitAt.current = null;
    if (!SEPARATORS.has(event.key)) return;
    event.preventDefault();
    if (stayed) {
      queueMicrotask(() => input.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true })));
    }
  };

  return (
    <span className="typed-date-range" style={{ display: "contents" }} onKeyDownCapture={onKeyDownCapture}>
      <DateRangePicker
      key={revision}
      {...rest}
      defaultValue={rangeValue(start, end, texts)}
      onChange={(value) => {
        const next = rangeTexts(value, texts);
        if (onlyComplete && value !== null && !next.complete) return;
        setReported(keyOf(next.start, next.end));
        onChange(next);
      }}
      />
    </span>
  );
}
