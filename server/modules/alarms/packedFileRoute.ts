// Packed alarm snapshots (snapshotPacks.ts) under /files/, beside the files the static server sends: the path is
// the image's address, checked against the token stored with it. Like those files it needs no token (the path is
// random), and answers the same headers (securityHeaders.ts adds the files' policy by prefix).
import type { FastifyInstance } from 'fastify';
import { isPackedPath, readPacked } from './snapshotPacks.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

export function registerPackedFiles(app: FastifyInstance, dataDir: string): void {
  // Three segments under the day: a file of its own (two) never matches, and goes on to the static files.
  app.get<{ Params: { day: string; pack: string; name: string } }>('/files/alarms/:day/:pack/:name', async (req, reply) => {
    const { day, pack, name } = req.params;
    const relative = `alarms/${day}/${pack}/${name}`;
    if (!isPackedPath(relative)) return reply.callNotFound();
    // The token names the content: it never changes under this address.
    const etag = `"${name.slice(name.indexOf('-') + 1, name.lastIndexOf('.'))}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=0');
    const bytes = await readPacked(dataDir, relative).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!bytes) return reply.callNotFound();
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream').send(bytes);
  });
}
