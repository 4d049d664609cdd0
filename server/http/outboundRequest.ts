// The one HTTP client of the server's outward calls (push deliveries, the model service, images it fetches, the
// labelling service): node's http/https with outbound.ts's connect-time guard as every socket's lookup, the target
// checked again before each request and each redirect, answers bounded in size and time, and the call abandoned as
// soon as the caller's signal fires (the client that asked for it went away).
import http from 'node:http';
import https from 'node:https';
import { formatIp } from './ipAddress.ts';
import { checkOutboundTarget, guardedLookup, type OutboundPolicy, type OutboundPurpose, OutboundRefused, type OutboundTarget } from './outbound.ts';

export interface OutboundCall {
  purpose: OutboundPurpose;
  policy: OutboundPolicy;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole call, redirects included. */
  timeoutMs: number;
  /** The answer's body; a longer one fails the call (tooLarge). */
  maxBytes: number;
  /** Fires when the call is no longer wanted. */
  signal?: AbortSignal;
  /** GET only: redirects followed, each target checked again (default 0: a 3xx is the answer). */
  maxRedirects?: number;
  /** Only the status is wanted: the answer is settled at its headers and its body drained unread (within the
   *  call's time). */
  discardBody?: boolean;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

export type OutboundFailure = 'timeout' | 'aborted' | 'tooLarge' | 'network';

/** A call that was made and failed; a refused one throws OutboundRefused instead (nothing was sent). */
export class OutboundCallFailed extends Error {
  readonly kind: OutboundFailure;
  readonly errorCode: string | undefined;
  constructor(kind: OutboundFailure, message: string, errorCode?: string) {
    super(message);
    this.kind = kind;
    this.errorCode = errorCode;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// Keep-alive agents, one per purpose and allow-list: a socket opened under one purpose's rules (the trusted model
// service's host) is never reused by a call under another's.
const agents = new Map<string, http.Agent>();
const MAX_AGENTS = 32;

function agentFor(scheme: string, purpose: OutboundPurpose, policy: OutboundPolicy): http.Agent {
  const key = `${scheme}|${purpose}|${policy.allowedHosts.join(' ')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 32, lookup: guardedLookup(purpose, policy) };
    agent = scheme === 'https' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) {
      const [oldest, old] = agents.entries().next().value as [string, http.Agent];
      agents.delete(oldest);
      old.destroy();
    }
  }
  return agent;
}

function failure(error: unknown, deadline: AbortSignal, call: OutboundCall): Error {
  if (error instanceof OutboundRefused || error instanceof OutboundCallFailed) return error;
  const e = error as NodeJS.ErrnoException;
  if (e?.name === 'AbortError' || e?.code === 'ABORT_ERR') {
    return deadline.aborted ? new OutboundCallFailed('timeout', `timeout after ${call.timeoutMs} ms`) : new OutboundCallFailed('aborted', 'abandoned by the caller');
  }
  const code = e?.code ?? 'EUNKNOWN';
  return new OutboundCallFailed('network', String(e?.code ?? e?.message ?? error).slice(0, 200), code);
}

function send(target: OutboundTarget, call: OutboundCall, signal: AbortSignal, deadline: AbortSignal): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: unknown, answer?: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      if (answer) resolve(answer);
      else reject(failure(error, deadline, call));
    };
    if (signal.aborted) return settle(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const { url } = target;
    const body = call.body === undefined ? undefined : Buffer.from(call.body);
    const auth = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;
    const req = (target.scheme === 'https' ? https : http).request(
      {
        // An IP literal is connected to as checked (every spelling normalised); a name goes through the guard.
        hostname: target.ip ? formatIp(target.ip) : target.host,
        port: target.port ?? undefined,
        path: `${url.pathname}${url.search}`,
        method: call.method ?? 'GET',
        headers: { host: url.host, ...(body ? { 'content-length': String(body.length) } : {}), ...call.headers },
        auth,
        agent: agentFor(target.scheme, call.purpose, call.policy),
        ...(target.scheme === 'https' && !target.ip ? { servername: target.host } : {}),
        signal,
      },
      (res) => {
        if (call.discardBody) {
          res.on('error', () => undefined);
          res.resume();
          return settle(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0), url: url.href });
        }
        const declared = Number(res.headers['content-length']);
        const tooLarge = () => new OutboundCallFailed('tooLarge', `answer over ${call.maxBytes} bytes`);
        if (declared > call.maxBytes) {
          settle(tooLarge());
          return req.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > call.maxBytes) {
            settle(tooLarge());
            req.destroy();
          } else chunks.push(chunk);
        });
        res.on('end', () => settle(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.href }));
        res.on('error', (error) => settle(error));
        res.on('close', () => settle(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' })));
      },
    );
    req.on('error', (error) => settle(error));
    req.end(body);
  });
}

/**
 * One outward HTTP call under the purpose's rules. Throws OutboundRefused when the allow-list refuses the target
 * (before anything is sent), OutboundCallFailed when the call fails (timeout, abandoned, too large, network).
 */
export async function outboundRequest(raw: string, call: OutboundCall): Promise<OutboundAnswer> {
  const deadline = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
  let current = raw;
  for (let hop = 0; ; hop++) {
    const target = checkOutboundTarget(current, call.purpose, call.policy);
    if (target.scheme !== 'http' && target.scheme !== 'https') throw new OutboundRefused('scheme', { scheme: target.scheme, allowed: 'http, https' });
    const answer = await send(target, call, signal, deadline);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || !location || (call.method ?? 'GET') !== 'GET' || hop >= (call.maxRedirects ?? 0)) return answer;
    try {
      current = new URL(location, target.url).href;
    } catch {
      return answer;
    }
  }
}
