// Calls of the menus screen (contract tag menus): the module tree and its writes.
// Quiet: the screen shows failures in place (see users/usersApi.ts).
import { api, orThrow } from '../../../api/client.ts';
import type { MenuModule, ModuleInput } from '../../../api/schema.gen.ts';

export type { MenuModule, ModuleInput };

const quiet = true;

export async function moduleTree(keyword = '', signal?: AbortSignal): Promise<MenuModule[]> {
  return (await orThrow(api.post('/user/getModuleList', { body: keyword ? { keyword } : {}, signal, quiet }))) ?? [];
}

/** Creates a module; `grantRoleIds` gives it to those roles in the same step (needs roleConfig). */
export async function addModule(body: ModuleInput, grantRoleIds: number[] = []): Promise<number> {
  const created = await orThrow(api.post('/user/save', { body: grantRoleIds.length ? { ...body, grantRoleIds } : body, quiet }));
  return created?.id ?? 0;
}

export async function updateModule(id: number, body: ModuleInput): Promise<void> {
  await orThrow(api.post('/user/updateModule', { body: { ...body, id }, quiet }));
}

export async function deleteModule(id: number): Promise<void> {
  await orThrow(api.post('/user/deleteModule', { body: { id }, quiet }));
}
