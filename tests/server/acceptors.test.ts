// The server's extra acceptors (server/http/acceptors.ts): connections that wait while the event loop is busy are
// accepted several in one turn, not one a turn; every acceptor's connections reach the app; a port already taken
// — by another program or by another Argus — is refused with EADDRINUSE as a plain listen is; closing the app
// stops them all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTRA_ACCEPTORS, listenWithAcceptors } from '../../server/http/acceptors.ts';

const HOST = '127.0.0.1';
const apps: FastifyInstance[] = [];
const clients: Socket[] = [];

async function app(): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.get('/ping', async () => ({ pong: true }));
  apps.push(instance);
  return instance;
}

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const opened = (socket: Socket) => new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));

describe('extra acceptors', () => {
  it('accepts connections that waited during a busy turn several at a time, and serves each', async () => {
    const server = await app();
    const port = await listenWithAcceptors(server, HOST, 0);
    const turns: number[] = [];
    let turn = 0;
    server.server.on('connection', () => turns.push(turn));
    const sockets = Array.from({ length: 16 }, () => connect(port, HOST));
    clients.push(...sockets);
    // The kernel completes the handshakes while this turn holds the loop.
    const until = Date.now() + 100;
    while (Date.now() < until);
    const ticking = setInterval(() => {
      turn += 1;
    }, 0);
    await Promise.all(sockets.map(opened));
    while (turns.length < sockets.length) await new Promise((r) => setImmediate(r));
    clearInterval(ticking);
    const inFirstTurn = turns.filter((t) => t === turns[0]).length;
    // One socket alone accepts one a turn; 1 + EXTRA_ACCEPTORS take more (the kernel spreads the 16 over them).
    expect(inFirstTurn).toBeGreaterThan(1);
    const answers = await Promise.all(Array.from({ length: 24 }, () => fetch(`http://${HOST}:${port}/ping`).then((r) => r.json())));
    expect(answers).toEqual(Array.from({ length: 24 }, () => ({ pong: true })));
    expect(EXTRA_ACCEPTORS).toBeGreaterThan(0);
  });

  it("turns Nagle's algorithm off on every connection an extra socket accepts, as the HTTP server does on its own", async () => {
    const server = await app();
    const port = await listenWithAcceptors(server, HOST, 0);
    const spy = vi.spyOn(Socket.prototype, 'setNoDelay');
    const accepted: Socket[] = [];
    server.server.on('connection', (socket: Socket) => accepted.push(socket));
    const sockets = Array.from({ length: 32 }, () => connect(port, HOST));
    clients.push(...sockets);
    await Promise.all(sockets.map(opened));
    while (accepted.length < sockets.length) await new Promise((r) => setImmediate(r));
    const calledOn = new Set(spy.mock.contexts.filter((_, i) => spy.mock.calls[i][0] !== false));
    spy.mockRestore();
    // A connection the HTTP server accepted itself has Nagle off from Node (its noDelay option); the others came
    // through an extra socket (the kernel spreads 32 over 1 + EXTRA_ACCEPTORS: some did). Node keeps the server that
    // accepted a socket in its _server (its public `server` becomes the HTTP server once the socket is handed over).
    const handedOver = accepted.filter((socket) => (socket as unknown as { _server: unknown })._server !== server.server);
    expect(handedOver.length).toBeGreaterThan(0);
    for (const socket of handedOver) expect(calledOn.has(socket)).toBe(true);
  });

  it('refuses a port another program holds, and a port another server of ours holds', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, () => resolve()));
    const taken = (other.address() as { port: number }).port;
    await expect(listenWithAcceptors(await app(), HOST, taken)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    other.close();

    const first = await app();
    const port = await listenWithAcceptors(first, HOST, 0);
    await expect(listenWithAcceptors(await app(), HOST, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('npm start on a taken port says so at once, before opening the database', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, () => resolve()));
    const taken = (other.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'argus-port-'));
    try {
      const run = spawnSync(process.execPath, ['server/main.ts'], {
        env: { ...process.env, HOST, PORT: String(taken), DATA_DIR: dataDir, SIMULATOR: 'off', EDGE: 'off' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Argus cannot listen on ${HOST}:${taken}: another program uses that port (set PORT or HOST).`);
    } finally {
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops accepting on every socket once the app is closed', async () => {
    const server = await app();
    const port = await listenWithAcceptors(server, HOST, 0);
    await server.close();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        opened(connect(port, HOST)).then(
          () => 'connected',
          (error: NodeJS.ErrnoException) => error.code,
        ),
      ),
    );
    expect(attempts).toEqual(Array.from({ length: 8 }, () => 'ECONNREFUSED'));
  });
});
