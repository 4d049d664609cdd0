// Focus the first field of a dialog's form once the dialog has come in and the form is there. The form can come
// after the dialog (its choices or its code still loading — on a loaded machine well after the entering transition),
// so the focusing waits for whichever is last, once per opening.
import { useEffect, useRef, useState } from 'react';
import { FOCUSABLE, focusFirstField } from './focusFirstField.ts';

export function useFocusFirstField(formId: string, open: boolean): { onEntered(): void; onExited(): void } {
  const [entered, setEntered] = useState(false);
  const done = useRef(false);
  useEffect(() => {
    if (!open) {
      done.current = false;
      return;
    }
    if (!entered || done.current) return;
    const tryFocus = () => {
      if (!document.getElementById(formId)?.querySelector(FOCUSABLE)) return false;
      done.current = true;
      focusFirstField(formId);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open, entered, formId]);
  return { onEntered: () => setEntered(true), onExited: () => setEntered(false) };
}
