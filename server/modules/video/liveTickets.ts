// One-use live-view tickets: 32 random bytes (base64url), of which only the SHA-256 is stored, bound to the session
// that asked (its token hash) and to one camera, valid 60 s. Taking one is a single UPDATE that marks it used, so
// two GETs of one ticket never both play. The session must still be signed in, with a role that may view.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { roleModules } from '../../auth/sessionGuard.ts';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import type { SessionUser } from '../../http/handler.ts';

export const TICKET_TTL_MS = 60_000;
/** Who may view live: the video centre and the camera page (contract openVideoLive). */
export const LIVE_MODULES = ['videoPlayCenter', 'deviceConfig'];
/** Used and expired tickets are deleted once they are this old. */
const KEEP_MS = 3600_000;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function createTicket(db: Kysely<Database>, user: SessionUser, cameraId: number, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.deleteFrom('liveTickets').where('expiresAt', '<', new Date(now.getTime() - KEEP_MS)).execute();
  await db
    .insertInto('liveTickets')
    .values({ ticketHash: hash(ticket), userId: user.id, sessionHash: user.tokenHash, cameraId, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) })
    .execute();
  return ticket;
}

/**
 * Takes the ticket (marks it used) and answers its camera and the user of its session; 401 when it is unknown, used,
 * expired or its session ended, 403 when the user's role no longer holds a live module.
 */
export async function takeTicket(db: Kysely<Database>, ticket: string, now = new Date()): Promise<{ cameraId: number; user: SessionUser }> {
  const taken = await db
    .updateTable('liveTickets')
    .set({ usedAt: now })
    .where('ticketHash', '=', hash(ticket))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['cameraId', 'userId', 'sessionHash'])
    .executeTakeFirst();
  const refused = () => new ApiError(401, 'video.live.badTicket', { seconds: TICKET_TTL_MS / 1000 }, null, 401);
  if (!taken) throw refused();
  const session = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id', 'users.username', 'users.roleId', 'users.status', 'sessions.expiresAt', 'sessions.revokedAt'])
    .where('sessions.tokenHash', '=', taken.sessionHash)
    .where('users.id', '=', taken.userId)
    .executeTakeFirst();
  if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime() || session.status !== 1) throw refused();
  const modules = await roleModules(db, session.roleId);
  if (!LIVE_MODULES.some((m) => modules.has(m))) {
    throw new ApiError(403, 'auth.forbidden', { module: LIVE_MODULES.join(' | ') }, null, 403);
  }
  return { cameraId: taken.cameraId, user: { id: session.id, username: session.username, roleId: session.roleId, modules, tokenHash: taken.sessionHash } };
}
