// The field a lazy date picker draws until its module loads (LazyDatePicker.tsx, LazyDateRangePicker.tsx): the
// picker's own elements, classes and size, showing the same text, so nothing moves when the picker takes its place.
import type { CSSProperties, ReactNode } from 'react';
// The closed picker's rules (its frame, input group and indicator), which rsuite ships in every picker's sheet:
// SelectPicker's holds them without a calendar's. Before, the stand-in found them only because its pages loaded the
// list kit (with its pager's picker) for something else.
import 'rsuite/SelectPicker/styles/index.css';
import type { useReachedPicker } from './reachedPicker.ts';

interface Props {
  reached: Pick<ReturnType<typeof useReachedPicker>, 'fallback' | 'reach' | 'onKeyDown' | 'onPointerDown'>;
  /** rsuite's data-picker: date or date-range. */
  picker: string;
  inputClassName: string;
  /** The picker's own props that the field shows. */
  field: { id?: string; size?: string; disabled?: boolean; style?: CSSProperties };
  text: string;
  placeholder: string;
  /** The input's size attribute, when the picker writes one. */
  htmlSize?: number;
  cleanable: boolean;
  icon: ReactNode;
}

export function StandInField({ reached, picker, inputClassName, field, text, placeholder, htmlSize, cleanable, icon }: Props) {
  const { id, size = 'md', disabled, style } = field;
  return (
    <div className="rs-picker" data-picker={picker} data-appearance="default" data-cleanable={String(cleanable)} style={style} onPointerEnter={reached.reach}>
      <div className="rs-picker-input-group rs-input-group" data-size={size} data-inside="true" data-focus="false">
        <input
          ref={reached.fallback}
          className={inputClassName}
          id={id}
          type="text"
          data-size={size}
          size={htmlSize}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          readOnly
          autoComplete="off"
          aria-haspopup="dialog"
          onFocus={reached.reach}
          onPointerDown={reached.onPointerDown}
          onKeyDown={reached.onKeyDown}
        />
        <span className="rs-picker-toggle-indicator rs-input-group-addon">{icon}</span>
      </div>
    </div>
  );
}
