// More than one new connection accepted per turn of the event loop.
//
// libuv accepts one connection per turn of the loop (libuv#3696, in Node since 2022), and a turn of this server's
// loop under ingest lasts 10–25 ms: embedded PGlite runs its statements on this thread. Fifty edge boxes
// connecting at once (a restart, a network coming back) were accepted one per turn: measured at 500 alarms/s, the
// alarms sent in the first 250 ms waited up to 1.1 s, the last boxes' first alarm longest, while every connection
// already accepted was served in 10–20 ms. Extra sockets listening on the same port with SO_REUSEPORT (the kernel
// spreads new connections over them) each accept one per turn and hand the connection to the HTTP server.
//
// A connection an extra socket accepts is handed over as it is: Node's HTTP server turns Nagle's algorithm off on
// the connections it accepts itself (its noDelay option, on by default), a plain net server does not. Handed-over
// connections kept it on, and an answer written in more than one piece (a compressed JSON answer, a file, the
// websocket's frames) waited for the client's delayed acknowledgement of the first: /user/nav took 52 ms instead
// of 8 on three connections in four. handOver turns it off, as the HTTP server does.
//
// SO_REUSEPORT would also let a second server started on the same port share it silently: the port is first bound
// alone, so that start fails with EADDRINUSE as before, and only then by the group.
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Listening sockets beside the server's own. */
export const EXTRA_ACCEPTORS = 3;

function listen(server: Server | HttpServer, options: { host: string; port: number; reusePort?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The port, free: bound alone (without SO_REUSEPORT) and released. Port 0 answers a port the system has free. */
export async function claimPort(host: string, port: number): Promise<number> {
  const probe = createServer();
  await listen(probe, { host, port });
  const address = probe.address();
  await close(probe);
  return typeof address === 'object' && address ? address.port : port;
}

/** Where Node can listen with SO_REUSEPORT (its docs: elsewhere the option raises an error). */
const REUSE_PORT_PLATFORMS = new Set<string>(['linux', 'freebsd', 'sunos', 'aix']);

/**
 * The app listening on host:port (refused with EADDRINUSE when taken, as a plain listen is), with `count` more
 * sockets on that port handing their connections to it; on a system without SO_REUSEPORT, the app alone. Answers
 * the port (the one the system chose for port 0).
 */
export async function listenWithAcceptors(app: FastifyInstance, host: string, port: number, count = EXTRA_ACCEPTORS): Promise<number> {
  if (!REUSE_PORT_PLATFORMS.has(process.platform) || count === 0) {
    await app.listen({ host, port });
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : port;
  }
  const free = await claimPort(host, port);
  // reusePort reaches net.Server#listen (fastify passes its options through); its types do not name it.
  await app.listen({ host, port: free, reusePort: true } as unknown as { host: string; port: number });
  await addAcceptors(app.server, host, free, count);
  return free;
}

/** What an extra acceptor does with a connection: Nagle off, as on the HTTP server's own, and to the HTTP server. */
export function handOver(target: HttpServer): (socket: Socket) => void {
  return (socket) => {
    socket.setNoDelay(true);
    target.emit('connection', socket);
  };
}

async function addAcceptors(target: HttpServer, host: string, port: number, count: number): Promise<void> {
  const extra: Server[] = [];
  for (let i = 0; i < count; i++) {
    const acceptor = createServer(handOver(target));
    await listen(acceptor, { host, port, reusePort: true });
    extra.push(acceptor);
  }
  // Closing the server (the app's close) closes them at once: no connection is taken after that. Its 'close' event
  // would come only once every open connection has ended.
  const closeTarget = target.close.bind(target);
  target.close = ((callback?: (error?: Error) => void) => {
    for (const acceptor of extra) acceptor.close();
    return closeTarget(callback);
  }) as HttpServer['close'];
}
