// The private files of the training area (training, evaluation and verification images, video frames: see
// storedFiles.ts) by their signed URLs (server/http/fileSigning.ts). Outside the contract like the other files under
// /files/ (an <img> loads it), and with their headers (securityHeaders.ts adds the files' policy by prefix). A
// missing, forged, altered or expired signature is refused (403) without saying whether the file exists; the old
// public addresses (/files/training/…) are not served at all (the files moved, movePrivateFiles).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { fileSigner, SIGNED_FILES_PREFIX } from '../../http/fileSigning.ts';
import { pickLang, translate } from '../../http/messages.ts';
import { isPrivatePath, storedFilePath } from '../devices/storedFiles.ts';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

export function registerPrivateFiles(app: FastifyInstance, db: Kysely<Database>, dataDir: string): void {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(`${SIGNED_FILES_PREFIX}*`, async (req, reply) => {
    const relative = req.params['*'];
    const lang = pickLang(req.headers['accept-language']);
    const signer = await fileSigner(db);
    const { exp, sig } = req.query;
    if (!isPrivatePath(relative) || !signer.verify(relative, typeof exp === 'string' ? exp : undefined, typeof sig === 'string' ? sig : undefined)) {
      return reply.status(403).send({ code: 403, msg: translate(lang, 'training.fileLinkExpired'), data: null });
    }
    const type = TYPES[relative.slice(relative.lastIndexOf('.') + 1).toLowerCase()];
    let absolute: string;
    try {
      absolute = storedFilePath(dataDir, relative);
      if (!type || !(await stat(absolute)).isFile()) throw new Error('not a file');
    } catch {
      return reply.status(404).send({ code: 404, msg: translate(lang, 'notFound.route', { method: req.method, path: '/files/…' }), data: null });
    }
    // Kept by this browser alone, and no longer than the link lives.
    const left = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    return reply.type(type).header('cache-control', `private, max-age=${left}`).send(createReadStream(absolute));
  });
}
