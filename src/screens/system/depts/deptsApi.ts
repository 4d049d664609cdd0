// Calls of the departments screen and the users screen's department tree (contract tag depts).
// Quiet: the screens show failures in place (see users/usersApi.ts).
import { api, orThrow } from '../../../api/client.ts';
import type { Dept, DeptInput } from '../../../api/schema.gen.ts';

export type { Dept, DeptInput };

const quiet = true;

/** The tree; with a keyword only matching departments and their ancestors. */
export async function deptTree(signal?: AbortSignal, keyword = ''): Promise<Dept[]> {
  return (await orThrow(api.post('/dept/tree', { body: keyword ? { keyword } : {}, signal, quiet }))) ?? [];
}

export async function addDept(body: DeptInput): Promise<number> {
  return (await orThrow(api.post('/dept/add', { body, quiet })))?.id ?? 0;
}

export async function updateDept(id: number, body: DeptInput): Promise<void> {
  await orThrow(api.put('/dept/update', { body: { ...body, id }, quiet }));
}

export async function deleteDept(id: number): Promise<void> {
  await orThrow(api.delete('/dept/delete', { body: { id }, quiet }));
}
