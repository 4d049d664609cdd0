// Whether the dashboards and statistics count simulated records until the user switches: the site's setting
// statsIncludeSimulated (on for the demo site, whose records all come from simulated boxes; off by default).
import { selectSystemConfig, useSession } from '../../../app/session.tsx';

export function useSimulatedDefault(): boolean {
  const config = useSession(selectSystemConfig) as Record<string, unknown> | null;
  const value = config?.statsIncludeSimulated;
  return value === true || value === 'true';
}

/** The URL's choice (simulated=1 or 0), else the site's default. */
export function simulatedFrom(params: URLSearchParams, fallback: boolean): boolean {
  const value = params.get('simulated');
  return value === '1' ? true : value === '0' ? false : fallback;
}
