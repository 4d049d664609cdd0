// The one notification path (§8: a global closable message area with text and type). Everything that tells the
// user something in passing calls notify(); <MessageArea> (src/components/MessageArea.tsx) shows the list, with
// the system config's title words replaced at display time. No React here: a small store the area subscribes to.
export type NoticeKind = 'error' | 'warning' | 'info' | 'success';

/** A button in the message (e.g. Undo just after an action): pressing it runs `run` and closes the message. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  action?: NoticeAction;
}

export interface NoticeOptions {
  action?: NoticeAction;
  /** How long it stays instead of the kind's default (an Undo lasts as long as it may be pressed). */
  durationMs?: number;
}

/** How long a message stays before it closes by itself (errors longer: they need reading). */
export const NOTICE_DURATION_MS: Readonly<Record<NoticeKind, number>> = { error: 6000, warning: 4500, info: 3000, success: 3000 };
/** Several calls failing together for one reason show one message. */
export const REPEAT_WINDOW_MS = 1000;
/** The area shows at most this many; the oldest goes first. */
export const MAX_NOTICES = 5;

export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface NoticeStore {
  push(kind: NoticeKind, text: string, options?: NoticeOptions): number | null;
  close(id: number): void;
  list(): readonly Notice[];
  subscribe(listener: () => void): () => void;
}

export function createNoticeStore(timers: Timers = realTimers): NoticeStore {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  let last: { kind: NoticeKind; text: string; at: number } | null = null;
  const expiries = new Map<number, unknown>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const close = (id: number) => {
    if (!notices.some((notice) => notice.id === id)) return;
    timers.clearTimeout(expiries.get(id));
    expiries.delete(id);
    notices = notices.filter((notice) => notice.id !== id);
    changed();
  };
  return {
    push(kind, text, options = {}) {
      const now = timers.now();
      if (!text || (last && last.kind === kind && last.text === text && now - last.at < REPEAT_WINDOW_MS)) return null;
      last = { kind, text, at: now };
      const id = nextId++;
      notices = [...notices, options.action ? { id, kind, text, action: options.action } : { id, kind, text }];
      while (notices.length > MAX_NOTICES) close(notices[0].id);
      expiries.set(id, timers.setTimeout(() => close(id), options.durationMs ?? NOTICE_DURATION_MS[kind]));
      changed();
      return id;
    },
    close,
    list: () => notices,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's messages. */
export const notices = createNoticeStore();

export function notify(kind: NoticeKind, text: string, options?: NoticeOptions): void {
  notices.push(kind, text, options);
}

export const notifyError = (text: string) => notify('error', text);
export const notifyWarning = (text: string) => notify('warning', text);
export const notifyInfo = (text: string) => notify('info', text);
export const notifySuccess = (text: string) => notify('success', text);

/** System config titleWordReplacements: a word shown in messages → what to show instead. */
export type TitleWordReplacements = Readonly<Record<string, string>>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text with every configured word replaced (§8), in one pass so a replacement is never replaced again, and
 * longest words first so "系统管理员" wins over "系统" where both are configured.
 */
export function replaceTitleWords(text: string, replacements: TitleWordReplacements | null | undefined): string {
  const words = Object.keys(replacements ?? {})
    .filter((word) => word.length > 0)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0 || !replacements) return text;
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'g');
  return text.replace(pattern, (word) => replacements[word] ?? word);
}
