// The assistant panel's frame (§1, §4): the configured agent page (system config assistantUrl) with the service
// identifier (assistantServiceId) as the `serviceId` query parameter, and the UI language as `lang`.
//
// Sandbox. The page needs scripts (the chat) and forms (sending a message); nothing else is granted (no popups,
// no top navigation, no downloads). `allow-same-origin` is added only for an agent page on another origin: it
// keeps that page's own origin so its cookies and storage work, and it still cannot reach the console. A page on
// the console's own origin (the local /assistant/index.html) runs without it, as an opaque origin — with both
// flags a same-origin frame could lift its own sandbox and read the console's stored session.
export const SERVICE_ID_PARAM = 'serviceId';
export const LANGUAGE_PARAM = 'lang';

/** The frame's address, or null when none is configured or the address is not http(s). */
export function assistantFrameUrl(assistantUrl: string, serviceId: string, origin: string, language = ''): string | null {
  if (!assistantUrl.trim()) return null;
  let url: URL;
  try {
    url = new URL(assistantUrl.trim(), origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (serviceId) url.searchParams.set(SERVICE_ID_PARAM, serviceId);
  if (language) url.searchParams.set(LANGUAGE_PARAM, language);
  return url.href;
}

export function assistantSandbox(frameUrl: string, origin: string): string {
  const base = 'allow-scripts allow-forms';
  return new URL(frameUrl).origin === new URL(origin).origin ? base : `${base} allow-same-origin`;
}
