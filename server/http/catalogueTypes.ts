// The shapes of the server's message catalogue, in a module that imports nothing: each area's messages.ts declares
// its catalogue with them, and server/http/messages.ts (which imports every area's catalogue) re-exports them, so the
// catalogue's parts do not import the whole (scripts/importCycles.ts).
export type Lang = 'zh' | 'en';

export type Catalogue = Record<string, { zh: string; en: string }>;
