// Response headers that keep the console, the API and stored files safe in a browser:
// - every answer: X-Content-Type-Options nosniff, Referrer-Policy same-origin, X-Frame-Options DENY and a
//   Content-Security-Policy with frame-ancestors 'none' (the local assistant stand-in, which the console itself
//   frames, allows 'self');
// - the console's CSP: scripts only from the origin (eval allowed for the form validator, see below); inline style attributes allowed (rsuite sets them); images
//   from the origin, data: and blob: (alarm images fetched as blobs); media and workers from blob: (the fMP4 player
//   and the alarm beep); frames and connections to the origin plus what the system configuration names — the
//   assistant page (assistantUrl), the alarm websocket (websocketServer/websocketPort) and the alarm sound (audioUrl)
//   — read from the database and refreshed every 30 s and after the configuration changes;
// - API answers: Cache-Control no-store (they carry tokens and personal data);
// - /files/: a CSP that runs nothing (sandbox), and anything that is not an image, video or audio the console shows
//   inline is sent as an attachment of type application/octet-stream.
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { readSystemConfig } from '../modules/config/systemConfig.ts';

export const FILES_PREFIX = '/files/';
const ASSISTANT_PREFIX = '/assistant/';
const INLINE_FILE_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/mp4|audio\/(mpeg|wav|ogg|mp4))\b/i;
export const FILES_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const REFRESH_MS = 30_000;

export interface ConfiguredSources {
  frame: string[];
  connect: string[];
  media: string[];
}

/** The origins the system configuration points the console at (absolute http(s)/ws(s) URLs only). */
export function configuredSources(config: { assistantUrl?: string; websocketServer?: string; websocketPort?: number | null; audioUrl?: string }, pageHost: string | undefined): ConfiguredSources {
  const frame = originOf(config.assistantUrl, ['http:', 'https:']);
  const media = originOf(config.audioUrl, ['http:', 'https:']);
  const connect: string[] = [];
  const server = (config.websocketServer ?? '').trim();
  const port = config.websocketPort ?? null;
  if (server || port !== null) {
    for (const scheme of ['ws:', 'wss:']) {
      try {
        let base: URL;
        if (/^wss?:\/\//i.test(server)) base = new URL(server);
        else if (/^https?:\/\//i.test(server)) base = new URL(server.replace(/^http/i, 'ws'));
        else base = new URL(`${scheme}//${server || pageHost || 'localhost'}`);
        if (port !== null) base.port = String(port);
        connect.push(`${base.protocol}//${base.host}`);
      } catch {
        // a value that is no address adds nothing
      }
    }
  }
  return { frame: frame ? [frame] : [], connect: [...new Set(connect)], media: media ? [media] : [] };
}

function originOf(value: string | undefined, protocols: string[]): string | null {
  if (!value || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return protocols.includes(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/** CSP source expressions may not contain ; or , or whitespace (a configured value must not add directives). */
const safeSource = (s: string) => /^[a-z0-9+.-]+:\/\/[a-z0-9.\-[\]:]+$/i.test(s);

export async function registerSecurityHeaders(app: FastifyInstance, db: Kysely<Database>) {
  let cached: Awaited<ReturnType<typeof readSystemConfig>> | null = null;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  // The sources per Host header, worked out once per configuration read: every answer asks three times.
  let byHost = new Map<string, ConfiguredSources>();
  const refresh = () => {
    loading ??= readSystemConfig(db)
      .then((config) => {
        cached = config;
        loadedAt = Date.now();
        byHost = new Map();
      })
      .catch(() => undefined)
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  await refresh();
  const sources = (req: { headers: { host?: string } }): ConfiguredSources => {
    if (Date.now() - loadedAt > REFRESH_MS) void refresh();
    const host = req.headers.host ?? '';
    let known = byHost.get(host);
    if (!known) {
      const found = configuredSources(cached ?? {}, host || undefined);
      known = { frame: found.frame.filter(safeSource), connect: found.connect.filter(safeSource), media: found.media.filter(safeSource) };
      // Host is the client's to choose: bounded, so made-up names cannot grow it.
      if (byHost.size >= 64) byHost.clear();
      byHost.set(host, known);
    }
    return known;
  };

  // Built once: @fastify/helmet built the middleware again (its CSP parsed again) for every request.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // 'unsafe-eval': the console's form validator (ajv inside @rjsf/validator-ajv8) compiles each JSON Schema into
        // a function at run time; without it every schema-driven form fails to validate. Inline scripts and inline
        // event handlers stay refused. Precompiled validators (ajv standalone) would let this go.
        scriptSrc: ["'self'", "'unsafe-eval'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', (req) => sources(req).media.join(' ')],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", (req) => sources(req).connect.join(' ')],
        frameSrc: ["'self'", (req) => sources(req).frame.join(' ')],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Plain HTTP on one machine: HSTS belongs to the TLS proxy in front of a production site.
    strictTransportSecurity: false,
    // The assistant page is another origin, framed without CORP/COEP headers of its own.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (error) => done(error as Error | undefined)));

  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/')) {
      // Unless the operation chose its own (an image answered as a file, say).
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (path.startsWith(FILES_PREFIX)) {
      fileHeaders(reply);
    } else if (path.startsWith(ASSISTANT_PREFIX)) {
      // The local stand-in is framed by the console itself, sandboxed without allow-same-origin: its document has an
      // opaque origin that 'self' does not match, so its own folder is named by address.
      const host = String(req.headers.host ?? '').replace(/[^a-z0-9.:[\]-]/gi, '');
      const own = host ? `http://${host}${ASSISTANT_PREFIX} https://${host}${ASSISTANT_PREFIX}` : "'self'";
      reply.header(
        'content-security-policy',
        `default-src 'none'; script-src ${own}; style-src ${own}; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'`,
      );
      reply.header('x-frame-options', 'SAMEORIGIN');
      // The opaque origin is not "same-origin" either: its own script and style must be loadable from it.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    return payload;
  });
  // A configuration change shows in the policy at once on this instance (others within REFRESH_MS): read again
  // before the answer leaves, so the caller's next page already carries it.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.routeOptions.config?.operationId === 'updateSystemConfig') await refresh();
    return payload;
  });
}

function fileHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', FILES_CSP);
  reply.header('x-content-type-options', 'nosniff');
  const type = String(reply.getHeader('content-type') ?? '');
  if (reply.statusCode === 200 && !INLINE_FILE_TYPES.test(type)) {
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', 'attachment');
  }
}
