// The typed date range picker (TypedDateRangePicker.tsx), loaded when the user reaches for it — a pointer over it,
// a touch, focus — instead of with the screen: rsuite's DateRangePicker, its calendar and date code are about a fifth
// of a list screen's bytes, and most visits never open the filter's time range.
//
// Until then the field is drawn with the picker's own elements, classes and size, showing the same text, so nothing
// moves when the picker takes its place. What the user did in between is handed over: the picker gets the focus,
// the caret where the click put it (the picker selects that segment, as on a click of its own), and the keys typed
// while it loaded, one animation frame apart (rsuite's input moves to the next segment in the next frame).
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import type { TypedDateRangePickerProps } from './TypedDateRangePicker.tsx';
import { rangeValue } from './typedRange.ts';

type PickerModule = typeof import('./TypedDateRangePicker.tsx');

let loaded: PickerModule | null = null;
let loading: Promise<PickerModule> | null = null;

/** The picker's module, loaded once for every field (a failed load is tried again at the next reach). */
export function loadDateRangePicker(): Promise<PickerModule> {
  loading ??= import('./TypedDateRangePicker.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const RANGE_SEPARATOR = ' ~ ';
/** Keys the picker's input acts on (digits, separators, editing and moving keys); others are not handed over. */
const HANDED_KEYS = /^([0-9\-/.: ~]|Backspace|Delete|ArrowLeft|ArrowRight|ArrowUp|ArrowDown)$/;
const handedKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  HANDED_KEYS.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;

interface Handover {
  focused: boolean;
  caret: number | null;
  clicked: boolean;
  keys: string[];
}

const nextFrame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))));

export function LazyDateRangePicker(props: TypedDateRangePickerProps) {
  const { t } = useTranslation('common');
  const [module, setModule] = useState<PickerModule | null>(loaded);
  const fallback = useRef<HTMLInputElement>(null);
  const handover = useRef<Handover | null>(null);

  const reach = () => {
    if (module) return;
    loadDateRangePicker().then(
      (next) => {
        const input = fallback.current;
        const focused = input !== null && input === document.activeElement;
        handover.current = { focused, caret: focused ? input.selectionStart : null, clicked: handover.current?.clicked ?? false, keys: handover.current?.keys ?? [] };
        setModule(() => next);
      },
      () => {
        // The field stays as it is and the next reach loads again; someone who clicked or typed is told.
        if (handover.current === null) return;
        handover.current = null;
        notify('error', t('errors.pickerFailed'));
      },
    );
  };

  useLayoutEffect(() => {
    const pending = handover.current;
    handover.current = null;
    if (!module || !pending?.focused || !props.id) return;
    const input = document.getElementById(props.id);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    if (pending.clicked) {
      const caret = pending.caret ?? 0;
      input.setSelectionRange(caret, caret);
      input.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    } else {
      input.select(); // as focus from the keyboard leaves a text field
    }
    if (pending.keys.length === 0) return;
    // Keys the user types while the handed-over ones are replayed join the end of the queue, so the order holds.
    const queue = [...pending.keys];
    const hold = (event: globalThis.KeyboardEvent) => {
      if (event.target !== input || !event.isTrusted || !handedKey(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      queue.push(event.key);
    };
    window.addEventListener('keydown', hold, true);
    void (async () => {
      try {
        // Each key a frame pair after the one before; the hold ends a frame pair after the last one (rsuite's input
        // moves to the next segment in that time, and a key arriving before then would land in the wrong one).
        for (;;) {
          await nextFrame();
          const key = queue.shift();
          if (key === undefined || document.activeElement !== input) return;
          input.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        }
      } finally {
        window.removeEventListener('keydown', hold, true);
      }
    })();
  }, [module, props.id]);

  if (module) return <module.TypedDateRangePicker {...props} />;

  const { id, start, end, texts, placeholder, format = 'yyyy-MM-dd', style, disabled, size = 'md' } = props;
  const value = rangeValue(start, end, texts);
  const text = value ? `${texts.format(value[0])}${RANGE_SEPARATOR}${texts.format(value[1])}` : '';
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!handedKey(event)) return;
    event.preventDefault();
    handover.current = { focused: true, caret: null, clicked: handover.current?.clicked ?? false, keys: [...(handover.current?.keys ?? []), event.key] };
    reach();
  };
  const onPointerDown = () => {
    handover.current = { focused: true, caret: null, clicked: true, keys: handover.current?.keys ?? [] };
    reach();
  };
  return (
    <div className="rs-picker" data-picker="date-range" data-appearance="default" data-cleanable="true" style={style} onPointerEnter={reach}>
      <div className="rs-picker-input-group rs-input-group" data-size={size} data-inside="true" data-focus="false">
        <input
          ref={fallback}
          className="rs-date-range-input rs-input"
          id={id}
          type="text"
          data-size={size}
          // The picker's own width: its format twice, the separator and 4 (rsuite's getInputHtmlSize).
          size={format.length * 2 + RANGE_SEPARATOR.length + 4}
          value={text}
          placeholder={typeof placeholder === 'string' ? placeholder : `${format}${RANGE_SEPARATOR}${format}`}
          disabled={disabled}
          readOnly
          autoComplete="off"
          aria-haspopup="dialog"
          onFocus={reach}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
        />
        <span className="rs-picker-toggle-indicator rs-input-group-addon">
          <CalendarIcon />
        </span>
      </div>
    </div>
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
