// Calls of the roles screen (contract tag roles). addRole, updateRole and deleteRole are form-encoded (spec §7):
// the fields go out as application/x-www-form-urlencoded, the module ids as one comma-separated string.
// Quiet: the screen shows failures in place (see usersApi.ts).
import { ApiFailure, api, orThrow } from '../../../api/client.ts';
import type { MenuModule, Role } from '../../../api/schema.gen.ts';

export type { Role, MenuModule };

const quiet = true;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;

/** The fields as form text (numbers too; undefined fields are left out). */
export function formBody(body: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export interface RoleInput {
  roleName: string;
  remark: string;
  moduleIds: readonly number[];
}

export async function listRoles(keyword: string, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const body = keyword ? { keyword, pageNo, pageSize } : { pageNo, pageSize };
  return (await orThrow(api.post('/role/queryRoleList', { body, signal, quiet }))) ?? { list: [], total: 0, pageNo, pageSize };
}

/** Every role (the user form's picker): the contract's largest page holds them. */
export async function allRoles(signal?: AbortSignal): Promise<Role[]> {
  return (await listRoles('', 1, 500, signal)).list;
}

export async function getRoleMenus(roleId: number): Promise<{ moduleIds: number[]; tree: MenuModule[] }> {
  const answer = await orThrow(api.post('/role/getRoleMenuList', { body: { roleId }, quiet }));
  if (!answer) throw new ApiFailure(500, 'no modules in the answer');
  return answer;
}

export async function addRole(input: RoleInput): Promise<number> {
  const body = { roleName: input.roleName, remark: input.remark, moduleIds: input.moduleIds.join(',') };
  return (await orThrow(api.post('/role/addRole', { body, headers: FORM, bodySerializer: formBody, quiet })))?.id ?? 0;
}

export async function updateRole(id: number, input: RoleInput): Promise<void> {
  const body = { id, roleName: input.roleName, remark: input.remark, moduleIds: input.moduleIds.join(',') };
  await orThrow(api.post('/role/updateRole', { body, headers: FORM, bodySerializer: formBody, quiet }));
}

export async function deleteRole(id: number): Promise<void> {
  await orThrow(api.post('/role/deleteRole', { body: { id }, headers: FORM, bodySerializer: formBody, quiet }));
}
