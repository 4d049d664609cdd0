// What the lazy date pickers (LazyDateRangePicker.tsx, LazyDatePicker.tsx) share: the picker's module loaded once
// for every field when the user reaches for one — a pointer over it, a touch, focus — and the handover from the
// stand-in drawn until then. The picker gets the focus, the caret where the click put it (the picker selects that
// segment, as on a click of its own), and the keys typed while it loaded, one animation frame apart (rsuite's input
// moves to the next segment in the next frame).
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';

export interface ModuleLoader<M> {
  /** The module once loaded (null before). */
  loaded(): M | null;
  /** Loads it once (a failed load is tried again at the next reach). */
  load(): Promise<M>;
}

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    loaded: () => loaded,
    load() {
      loading ??= importer().then(
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
    },
  };
}

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

/** The loaded module (null until then) and the stand-in's handlers: `reach` on pointer-enter and focus. */
export function useReachedPicker<M>(loader: ModuleLoader<M>, id: string | undefined) {
  const { t } = useTranslation('common');
  const [module, setModule] = useState<M | null>(loader.loaded);
  const fallback = useRef<HTMLInputElement>(null);
  const handover = useRef<Handover | null>(null);

  const reach = () => {
    if (module) return;
    loader.load().then(
      (next) => {
        const input = fallback.current;
        const focused = input !== null && input === document.activeElement;
        handover.current = { focused, caret: focused ? input.selectionStart : null, clicked: handover.current?.clicked ?? false, keys: handover.current?.keys ?? [] };
        setModule(() => next);
      },
      () => {
        if (handover.current === null) return;
        handover.current = null;
        notify('error', t('errors.pickerFailed'));
      },
    );
  };

  useLayoutEffect(() => {
    const pending = handover.current;
    handover.current = null;
    if (!module || !pending?.focused || !id) return;
    const input = document.getElementById(id);
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
  }, [module, id]);

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
  return { module, fallback, reach, onKeyDown, onPointerDown };
}
