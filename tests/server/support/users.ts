// A user whose role holds exactly the given modules (a role made for it through the API), signed in.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/types.ts';
import { call, login } from './client.ts';

export async function userWithModules(app: FastifyInstance, db: Kysely<Database>, admin: string, username: string, modules: string[]): Promise<string> {
  const ids = await db.selectFrom('modules').select('id').where('moduleNumber', 'in', modules.length ? modules : ['-']).execute();
  const role = await call(app, 'POST', '/role/addRole', { token: admin, form: { roleName: `role of ${username}`, moduleIds: ids.map((m) => m.id).join(',') } });
  if (role.json.code !== 0) throw new Error(`addRole: ${role.json.msg}`);
  const password = 'secret-123';
  const user = await call(app, 'POST', '/user/createUser', {
    token: admin,
    body: { username, realName: username, password, confirmPassword: password, deptId: 1, roleId: role.json.data.id },
  });
  if (user.json.code !== 0) throw new Error(`createUser: ${user.json.msg}`);
  return login(app, { username, password });
}
