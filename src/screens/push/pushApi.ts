// Calls of the push screen (/plugManage): third-party endpoints, their switch, test pushes and delivery log.
import { api, orThrow } from '../../api/client.ts';
import type {
  SystemPlugDelivery as PlugDelivery,
  SystemPlugDeliveryQuery,
  SystemPlugIndustry as PlugIndustry,
  SystemPlugIndustryAdd,
  SystemPlugIndustryQuery,
  SystemPlugIndustryUpdate,
} from '../../api/schema.gen.ts';

export type { PlugIndustry, PlugDelivery };

const quiet = true;
const page = <T>(data: { list: T[]; total: number } | undefined) => data ?? { list: [] as T[], total: 0 };

export const plugApi = {
  list: async (body: SystemPlugIndustryQuery, signal?: AbortSignal) => page(await orThrow(api.post('/plugIndustry/list', { body, signal, quiet }))),
  add: (body: SystemPlugIndustryAdd) => orThrow(api.post('/plugIndustry/add', { body, quiet })),
  update: (body: SystemPlugIndustryUpdate) => orThrow(api.put('/plugIndustry/update', { body, quiet })),
  remove: (ids: number[]) => orThrow(api.delete('/plugIndustry/delete', { body: { ids }, quiet })),
  switch: (ids: number[], pushSwitch: 0 | 1) => orThrow(api.put('/plugIndustry/pushSwitch', { body: { ids, pushSwitch }, quiet })),
  test: (id: number) => orThrow(api.post('/plugIndustry/test', { body: { id }, quiet })),
  deliveries: async (body: SystemPlugDeliveryQuery, signal?: AbortSignal) => page(await orThrow(api.post('/plugIndustry/deliveries', { body, signal, quiet }))),
};

/** Whether the master push switch is on; null when this user may not read the setting. */
export async function masterSwitchOn(signal: AbortSignal): Promise<boolean | null> {
  try {
    const config = await orThrow(api.get('/system/searchPushConfig', { signal, quiet }));
    return config?.push.enabled ?? null;
  } catch {
    return null;
  }
}
