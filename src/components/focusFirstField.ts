// A form dialog's first field takes the focus once the dialog has come in (its onEntered) — unless the user is
// already in one of its fields: someone quick (or a test) typing during the entering transition would have the
// focus jump back to the first field and the next keys land there.
export const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button.rs-picker-toggle, [role=combobox]';

export function focusFirstField(formId: string): void {
  const form = document.getElementById(formId);
  if (form?.contains(document.activeElement) && document.activeElement !== form) return;
  form?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}
