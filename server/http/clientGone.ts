// Work a request causes stops when its client leaves: this signal fires when the answer's connection closes before
// the answer was sent (the browser tab closed, the caller gave up), so an outward call made for it is abandoned.
import type { FastifyReply } from 'fastify';

export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
