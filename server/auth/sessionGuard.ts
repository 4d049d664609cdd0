// Resolves the `token` header to the signed-in user and the module numbers their role holds.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { SessionUser } from '../http/handler.ts';
import { hashToken } from './tokens.ts';

export async function userFromToken(db: Kysely<Database>, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.username', 'users.roleId', 'users.status', 'sessions.expiresAt', 'sessions.revokedAt'])
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || row.status !== 1) return null;
  return { id: row.id, username: row.username, roleId: row.roleId, modules: await roleModules(db, row.roleId), tokenHash };
}

export async function roleModules(db: Kysely<Database>, roleId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('roleModules')
    .innerJoin('modules', 'modules.id', 'roleModules.moduleId')
    .select('modules.moduleNumber')
    .where('roleModules.roleId', '=', roleId)
    .execute();
  return new Set(rows.map((r) => r.moduleNumber));
}
