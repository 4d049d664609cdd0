// auth: sign-in (password, exclusive, third-party one-time code), sign-out, own menu, own password, avatar.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { hashToken } from '../../auth/tokens.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { readUpload } from '../../http/uploads.ts';
import { IMAGE_BOUNDS, safeImage } from '../../media/imageSafety.ts';
import { allModules, buildTree } from '../menus/moduleTree.ts';
import { checkPassword, openSession } from './signIn.ts';
import { loadUserInfo } from './userInfo.ts';

export const authHandlers: HandlerMap = {
  async login({ db, services, body, ip }) {
    const userId = await checkPassword(db, services.config, body.username, body.password);
    return openSession(db, services.config, userId, ip);
  },

  async loginExclusive({ db, services, body, ip }) {
    const userId = await checkPassword(db, services.config, body.username, body.password);
    return openSession(db, services.config, userId, ip, { exclusive: true });
  },

  async thirdLogin({ db, services, query, ip }) {
    const now = new Date();
    // Single use: the code is consumed by the same statement that checks it.
    const row = await db
      .updateTable('thirdLoginCodes')
      .set({ usedAt: now })
      .where('codeHash', '=', hashToken(query.code))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('userId')
      .executeTakeFirst();
    if (!row) throw new ApiError(400, 'auth.badThirdCode');
    const user = await db.selectFrom('users').select('status').where('id', '=', row.userId).executeTakeFirstOrThrow();
    if (user.status !== 1) throw new ApiError(403, 'auth.disabled');
    return openSession(db, services.config, row.userId, ip);
  },

  async createThirdLoginCode({ db, body, user }) {
    const target = await db.selectFrom('users').select('id').where('id', '=', body.userId).executeTakeFirst();
    if (!target) throw new ApiError(404, 'notFound.record', { entity: 'entity.user', id: body.userId });
    const code = randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + (body.ttlSeconds ?? 300) * 1000);
    await db
      .insertInto('thirdLoginCodes')
      .values({ codeHash: hashToken(code), userId: body.userId, createdBy: user!.id, expiresAt })
      .execute();
    return { code, expireTime: formatTime(expiresAt) };
  },

  async logout({ db, user }) {
    await db.updateTable('sessions').set({ revokedAt: new Date() }).where('tokenHash', '=', user!.tokenHash).execute();
    return null;
  },

  async getNav({ db, user }) {
    const rows = await allModules(db);
    const held = rows.filter((r) => user!.modules.has(r.moduleNumber));
    // A held module's ancestors are shown too, so it can be reached from the menu.
    const shown = new Set<number>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of held) {
      for (let cur: (typeof rows)[number] | undefined = r; cur && !shown.has(cur.id); cur = byId.get(cur.parentId)) {
        shown.add(cur.id);
      }
    }
    const menuList = buildTree(rows, (r) => shown.has(r.id) && r.moduleType === 'menu' && r.visible);
    return { menuList, buttonList: held.map((r) => r.moduleNumber), userinfo: await loadUserInfo(db, user!.id, user!.tokenHash) };
  },

  async saveNewPassword({ db, body, user }) {
    if (body.newPassword !== body.confirmPassword) throw new ApiError(400, 'password.mismatch');
    const row = await db.selectFrom('users').select('passwordHash').where('id', '=', user!.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.oldPassword, row.passwordHash))) throw new ApiError(400, 'auth.oldPasswordWrong');
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', user!.id).execute();
      // Other sessions of this user end; the current one stays.
      await trx
        .updateTable('sessions')
        .set({ revokedAt: new Date() })
        .where('userId', '=', user!.id)
        .where('tokenHash', '!=', user!.tokenHash)
        .where('revokedAt', 'is', null)
        .execute();
    });
    return null;
  },

  async uploadAvatar({ req, services }) {
    const file = await readUpload(req, {
      field: 'file',
      maxBytes: 5 * 1024 * 1024,
      types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' },
    });
    // Stored as re-encoded pixels within the avatar bounds (a polyglot or a decompression bomb never lands).
    const image = await safeImage(file.buffer, IMAGE_BOUNDS.avatar, { field: 'file' });
    const dir = join(services.config.dataDir, 'files', 'avatars');
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(12).toString('hex')}.${image.extension}`;
    await writeFile(join(dir, name), image.buffer);
    return { url: `/files/avatars/${name}` };
  },
};

export { loadUserInfo };
