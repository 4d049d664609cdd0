// The server's request log: Fastify logs each request's URL, and some calls carry a credential in the query
// (the alarm websocket's `token`, §7 — browsers cannot set headers on a websocket —, `thirdLogin?code=`, and the
// signature of a private image's signed URL, `sig`). Their values are replaced before the line is written.
import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAM = /^(token|code|secret|password|pwd|key|access_token|ticket|sig)$/i;

/** The URL with the values of credential-like query parameters replaced by `***`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is compared as it is
      }
      return eq >= 0 && SECRET_PARAM.test(decoded.trim()) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
