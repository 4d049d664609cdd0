// The console's languages and the remembered choice (zh-CN is the default, §1).
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Message catalogues, one per product area: src/i18n/<language>/<namespace>.json. */
export const NAMESPACES = ['common', 'auth', 'system', 'shell', 'portal', 'errors', 'devices', 'tasks', 'forms', 'alarms', 'algorithms', 'stats', 'catalogue', 'training', 'licensing', 'push', 'video'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const LANGUAGE_KEY = 'argus.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberedLanguage(storage: KeyValueStore | null = browserStorage()): Language {
  const stored = storage?.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language, storage: KeyValueStore | null = browserStorage()): void {
  storage?.setItem(LANGUAGE_KEY, language);
}
