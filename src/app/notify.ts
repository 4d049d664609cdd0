// Global messages (§8: a closable message area with text and type). The toaster and its styles load on the
// first message, so screens that never fail do not pay for them.
export type NoticeKind = 'error' | 'warning' | 'info' | 'success';

const REPEAT_WINDOW_MS = 1000;
let last: { text: string; at: number } | null = null;

export function notify(kind: NoticeKind, text: string): void {
  const now = Date.now();
  // Several calls failing together for one reason show one message.
  if (last && last.text === text && now - last.at < REPEAT_WINDOW_MS) return;
  last = { text, at: now };
  void import('./toasts.tsx').then((toasts) => toasts.pushToast(kind, text));
}

export const notifyError = (text: string) => notify('error', text);
export const notifyWarning = (text: string) => notify('warning', text);
