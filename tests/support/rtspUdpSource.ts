// A real RTSP camera for tests: rtsp-streaming-server (npm, GPL-3.0, a test-only dev dependency, never shipped)
// with ffmpeg publishing a clip to it in a loop at its own rate; clients pull it over UDP (that server refuses TCP
// interleaving: tests/support/rtspTcpRelay.ts covers TCP). The publisher can be killed (its mount goes with it) and
// started again, as a camera that goes away and comes back.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { ffmpegPath } from '../../server/media/ffmpeg.ts';

interface RtspServerInstance {
  start(): Promise<void>;
  /** The package has no stop(): its two listening servers are closed directly. */
  ClientServer: { server: { close(): void } };
  Mounts: { deleteMount(uri: string): boolean };
  PublishServer: { server: { close(): void } };
}

export interface RtspUdpSource {
  /** What a camera pulls. */
  url: string;
  stopPublisher(): void;
  startPublisher(): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `clip` is looped as it is (-c copy); `publisherInput` replaces that with ffmpeg input and encoding arguments of
 *  the caller's (the bench's pixel clock). */
export async function startRtspUdpSource(clip: string, publisherInput?: string[]): Promise<RtspUdpSource> {
  const RtspServer = createRequire(import.meta.url)('rtsp-streaming-server').default as new (o: Record<string, number>) => RtspServerInstance;
  const [serverPort, clientPort] = [await freePort(), await freePort()];
  // RTP ports: a range of this process's own, so two test files never share one.
  const rtpPortStart = 20_000 + ((process.pid * 37) % 400) * 100;
  const server = new RtspServer({ serverPort, clientPort, rtpPortStart, rtpPortCount: 100 });
  await server.start();
  let publisher: ChildProcess | null = null;
  const startPublisher = () => {
    publisher = spawn(
      ffmpegPath()!,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        ...(publisherInput ?? ['-re', '-stream_loop', '-1', '-i', clip, '-map', '0:v:0', '-c', 'copy']),
        '-f',
        'rtsp',
        `rtsp://127.0.0.1:${serverPort}/cam`,
      ],
      { stdio: 'ignore' },
    );
  };
  startPublisher();
  return {
    url: `rtsp://127.0.0.1:${clientPort}/cam`,
    stopPublisher: () => {
      publisher?.kill('SIGKILL');
      publisher = null;
      // The server would keep the dead publisher's mount and refuse the next one (503): the camera's stream is gone.
      server.Mounts.deleteMount(`rtsp://127.0.0.1:${serverPort}/cam`);
    },
    startPublisher,
    async close() {
      publisher?.kill('SIGKILL');
      // The mount holds the UDP sockets of its RTP ports and its clients': closing only the two listening servers
      // left them open, and the bench process that used this source never exited after writing its results.
      server.Mounts.deleteMount(`rtsp://127.0.0.1:${serverPort}/cam`);
      server.ClientServer.server.close();
      server.PublishServer.server.close();
    },
  };
}
