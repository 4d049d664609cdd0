// Display configuration calls (contract tag config).
import { DEFAULT_ALARM_DIALOG_POSITION, type AlarmDialogPosition } from '../machines/session.machine.ts';
import { api, orThrow } from './client.ts';
import type { PageTitle, SystemConfig } from './types.ts';

export async function fetchPageTitle(): Promise<PageTitle | null> {
  return (await orThrow(api.post('/config/getTitle'))) ?? null;
}

/** POST /config/selectAllConfigMap: the system configuration (§4 bootstrap). */
export async function fetchSystemConfig(): Promise<SystemConfig> {
  return orThrow(api.post('/config/selectAllConfigMap', { loading: true }));
}

/** A stored preference value as a dialog corner; anything else is the default corner (§9: 1). */
export function parseAlarmDialogPosition(value: unknown): AlarmDialogPosition {
  const position = Number(value);
  return position === 1 || position === 2 || position === 3 || position === 4 ? position : DEFAULT_ALARM_DIALOG_POSITION;
}

/** GET /CityConfig/getConfigByKey?key=alarmDialogPosition (§4 bootstrap). */
export async function fetchAlarmDialogPosition(): Promise<AlarmDialogPosition> {
  const item = await orThrow(api.get('/CityConfig/getConfigByKey', { params: { query: { key: 'alarmDialogPosition' } } }));
  return parseAlarmDialogPosition(item?.value);
}
