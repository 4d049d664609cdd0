// §8: browsers other than Chrome get a warning that names them. The console relies on what Chrome does well
// (MSE fmp4 playback, canvas drawing on snapshots), so Chrome and Chromium (headless too) count as Chrome;
// every other browser — Chromium-based ones included — is named, as the spec asks.
export interface BrowserIdentity {
  /** The browser's product name ('' when it cannot be told). */
  name: string;
  isChrome: boolean;
}

// Checked in order: browsers that also say "Chrome" or "Safari" in their user agent come first.
const SIGNATURES: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bQQBrowser\//, 'QQ Browser'],
  [/\b360SE\b|\bQihooBrowser\b/, '360'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

export function identifyBrowser(userAgent: string): BrowserIdentity {
  for (const [pattern, name] of SIGNATURES) if (pattern.test(userAgent)) return { name, isChrome: false };
  if (/\bChromium\//.test(userAgent)) return { name: 'Chromium', isChrome: true };
  if (/\b(HeadlessChrome|Chrome|CriOS)\//.test(userAgent)) return { name: 'Chrome', isChrome: true };
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent)) return { name: 'Safari', isChrome: false };
  return { name: '', isChrome: false };
}

const DISMISSED_KEY = 'argus.browserWarningDismissed';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function tabStorage(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Dismissed with "Got it" (without "do not show again"): quiet for the rest of this tab session. */
export function browserWarningDismissed(storage: SessionStore | null = tabStorage()): boolean {
  return storage?.getItem(DISMISSED_KEY) === '1';
}

export function rememberBrowserWarningDismissed(storage: SessionStore | null = tabStorage()): void {
  storage?.setItem(DISMISSED_KEY, '1');
}

/** The CityConfig value of noMoreShow: "1" = the user asked not to be warned again. */
export const NO_MORE_SHOW = '1';
