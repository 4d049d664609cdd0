// A time of day ("HH:mm", or "HH:mm:ss" with seconds) in rsuite's TimePicker, typed segment by segment or picked:
// the schema forms' time widget and their time windows (the browser's own time input showed its own look and, on
// a Chinese page, the browser's language). The value stays the text the forms store; the picker works on a Date.
import '../../components/dateRange/rsuiteDateFns.ts';
import TimePicker from 'rsuite/TimePicker';
import 'rsuite/TimePicker/styles/index.css';

interface Props {
  id: string;
  value: string;
  withSeconds: boolean;
  onChange(text: string): void;
  onBlur?(text: string): void;
  onFocus?(text: string): void;
  disabled?: boolean;
  readOnly?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "HH:mm[:ss]" → a Date of today at that time; anything else → null. */
export function dateOfTime(text: string): Date | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [hours, minutes, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date();
  date.setHours(hours, minutes, seconds, 0);
  return date;
}

/** A Date → "HH:mm" or "HH:mm:ss". */
export function timeOfDate(date: Date, withSeconds: boolean): string {
  const text = `${two(date.getHours())}:${two(date.getMinutes())}`;
  return withSeconds ? `${text}:${two(date.getSeconds())}` : text;
}

export function TimeOfDayPicker({ id, value, withSeconds, onChange, onBlur, onFocus, disabled, readOnly, ...aria }: Props) {
  return (
    <TimePicker
      id={id}
      size="sm"
      format={withSeconds ? 'HH:mm:ss' : 'HH:mm'}
      value={dateOfTime(value)}
      disabled={disabled}
      readOnly={readOnly}
      aria-label={aria['aria-label']}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      onChange={(date) => onChange(date ? timeOfDate(date, withSeconds) : '')}
      onBlur={() => onBlur?.(value)}
      onFocus={() => onFocus?.(value)}
    />
  );
}
