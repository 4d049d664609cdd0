// The socket machine's socket in the browser: a WebSocket on /websocket/{timestamp_userId}?token=…&type=all (the
// token goes in the query: browsers cannot set headers on a websocket), reporting SOCKET.* events to the machine.
import { fromCallback } from 'xstate';
import type { ServerMessage, SocketCommand, SocketEvent } from '../machines/socket.machine.ts';

export interface SocketAddress {
  /** The system config's websocketServer: empty = the page's host; a host, or a ws(s):// base. */
  server: string;
  /** The system config's websocketPort: null = the page's port (or the base's). */
  port: number | null;
}

/**
 * The websocket URL for `userId` (§7: /websocket/{timestamp_userId}, token as a query parameter), and the console's
 * language when known (`lang`: the pushes name seeded records in it; the browser's own Accept-Language may differ).
 */
export function socketUrl(address: SocketAddress, userId: number, token: string, page: Pick<Location, 'protocol' | 'host' | 'hostname'>, now = Date.now(), lang?: string): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  let base: URL;
  const server = address.server.trim();
  if (/^wss?:\/\//i.test(server)) base = new URL(server);
  else if (/^https?:\/\//i.test(server)) base = new URL(server.replace(/^http/i, 'ws'));
  else base = new URL(`${scheme}//${server || page.host}`);
  if (address.port !== null) base.port = String(address.port);
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(`${prefix}/websocket/${now}_${userId}`, base);
  url.searchParams.set('token', token);
  url.searchParams.set('type', 'all');
  if (lang) url.searchParams.set('lang', lang.startsWith('en') ? 'en' : 'zh');
  return url.toString();
}

/** A text frame as a server message; null when it is not one (ignored). */
export function parseServerMessage(text: string): ServerMessage | null {
  if (text === 'pong') return { type: 'pong' };
  try {
    const message = JSON.parse(text) as { type?: unknown };
    return message && typeof message === 'object' && typeof message.type === 'string' ? (message as ServerMessage) : null;
  } catch {
    return null;
  }
}

/** The socket actor over a real WebSocket; `url()` is asked per connection (a fresh timestamp and the current token). */
export function browserSocket(url: () => string | null, create: (url: string) => WebSocket = (u) => new WebSocket(u)) {
  return fromCallback<SocketCommand, { attempt: number }>(({ sendBack, receive }) => {
    const address = url();
    if (!address) {
      // Nothing to connect with (signed out meanwhile): report a normal close, the machine decides what next.
      queueMicrotask(() => sendBack({ type: 'SOCKET.CLOSED', code: 1006 } satisfies SocketEvent));
      return () => {};
    }
    const socket = create(address);
    let closed = false;
    socket.onopen = () => sendBack({ type: 'SOCKET.OPEN' } satisfies SocketEvent);
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = parseServerMessage(event.data);
      if (message) sendBack({ type: 'SOCKET.MESSAGE', message } satisfies SocketEvent);
    };
    socket.onclose = (event: CloseEvent) => {
      if (closed) return;
      closed = true;
      sendBack({ type: 'SOCKET.CLOSED', code: event.code } satisfies SocketEvent);
    };
    // An error is always followed by a close, which is what the machine acts on.
    socket.onerror = () => {};
    receive((command) => {
      if (command.type === 'SEND' && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command.message));
    });
    return () => {
      closed = true;
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000, 'client closed');
    };
  });
}
