// A websocket test client (Node's built-in WebSocket): collects messages and waits for conditions with a deadline.
export interface WsClient {
  socket: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until `predicate(messages)` holds, polling; throws with what arrived after `timeoutMs`. */
  waitFor(predicate: (messages: any[]) => boolean, timeoutMs?: number): Promise<void>;
  alarms(): any[];
  send(message: unknown): void;
  close(): void;
}

export function connectWs(url: string): Promise<WsClient> {
  const socket = new WebSocket(url);
  const messages: any[] = [];
  socket.addEventListener('message', (event) => {
    const text = String(event.data);
    try {
      messages.push(JSON.parse(text));
    } catch {
      messages.push(text);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason }));
  });
  const client: WsClient = {
    socket,
    messages,
    closed,
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(messages).slice(0, 800)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    alarms: () => messages.filter((m) => m?.type === 'alarm'),
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () => socket.close(1000),
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(client), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
}
