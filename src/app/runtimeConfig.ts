// Runtime configuration (public/config.json), fetched at boot so one build serves any deployment.
//   baseUrl      address prefixed to API paths (§7); "/api" when the console and server share an origin
//   contextMenu  whether the browser's right-click menu is allowed outside inputs (§2); off by default
import { takeEarlyConfig } from '../api/earlyAnswers.ts';

export interface RuntimeConfig {
  baseUrl: string;
  contextMenu: boolean;
}

export const defaultRuntimeConfig: RuntimeConfig = { baseUrl: '/api', contextMenu: false };

export interface ParsedRuntimeConfig {
  config: RuntimeConfig;
  /** Keys that were present but unusable and fell back to their default. */
  problems: string[];
}

export function parseRuntimeConfig(raw: unknown): ParsedRuntimeConfig {
  const problems: string[] = [];
  const source = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (source !== raw) problems.push('config is not a JSON object');
  const config = { ...defaultRuntimeConfig };
  if ('baseUrl' in source) {
    if (typeof source.baseUrl === 'string') config.baseUrl = source.baseUrl.replace(/\/+$/, '');
    else problems.push('baseUrl must be a string');
  }
  if ('contextMenu' in source) {
    if (typeof source.contextMenu === 'boolean') config.contextMenu = source.contextMenu;
    else problems.push('contextMenu must be true or false');
  }
  return { config, problems };
}

let current: RuntimeConfig = defaultRuntimeConfig;

export function runtimeConfig(): RuntimeConfig {
  return current;
}

/**
 * Loads config.json; a missing or broken file leaves the defaults (and says so in the console). A route's page
 * announces the file (scripts/vite/routePages.ts), so this fetch usually takes over a request already under way.
 */
export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`): Promise<RuntimeConfig> {
  let raw: unknown = {};
  try {
    const fetchIt = () => fetch(url, { cache: 'no-cache' });
    // The page's first script may have fetched it already (src/earlyRequests.ts).
    const response = await (takeEarlyConfig()?.catch(fetchIt) ?? fetchIt());
    if (response.ok) raw = await response.json();
    else console.warn(`config.json: HTTP ${response.status}, using defaults`);
  } catch (error) {
    console.warn('config.json could not be read, using defaults', error);
  }
  const { config, problems } = parseRuntimeConfig(raw);
  for (const problem of problems) console.warn(`config.json: ${problem}; using the default`);
  current = config;
  return config;
}
