// A minimal RTSP server for tests that serves one stream over TCP only (RTP interleaved in the RTSP connection,
// RFC 2326 §10.12) — what rtsp-streaming-server refuses (it serves UDP only). The media is real: ffmpeg sends the
// clip as RTP over UDP to this relay (-f rtp, with its SDP written to a file), and the relay forwards every packet,
// interleaved, to each client that has asked to PLAY. A client asking for UDP gets 461 (Unsupported Transport).
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../server/media/ffmpeg.ts';

export interface RtspTcpRelay {
  url: string;
  /** RTSP requests seen, e.g. "SETUP RTP/AVP/TCP;unicast;interleaved=0-1". */
  requests: string[];
  /** Stops the ffmpeg source (the stream goes quiet; clients stay connected). */
  stopSource(): void;
  /** Starts the source again (new SDP; clients that reconnect get it). */
  startSource(): Promise<void>;
  close(): Promise<void>;
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Serves `clip` (an H.264 file, played in a loop at its own rate) at rtsp://127.0.0.1:<port>/cam over TCP. */
export async function startRtspTcpRelay(clip: string): Promise<RtspTcpRelay> {
  const udp: UdpSocket = createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const rtpPort = udp.address().port;
  const sdpFile = join(tmpdir(), `argus-rtsp-relay-${process.pid}-${rtpPort}.sdp`);
  const players = new Set<Socket>();
  udp.on('message', (packet) => {
    const head = Buffer.from([0x24, 0, packet.length >> 8, packet.length & 0xff]);
    for (const socket of players) socket.write(Buffer.concat([head, packet]));
  });
  let source: ChildProcess | null = null;
  let sdp = '';
  const startSource = async () => {
    rmSync(sdpFile, { force: true });
    source = spawn(ffmpegPath()!, ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-map', '0:v:0', '-c', 'copy', '-f', 'rtp', '-sdp_file', sdpFile, `rtp://127.0.0.1:${rtpPort}`], {
      stdio: 'ignore',
    });
    await until(() => existsSync(sdpFile) && readFileSync(sdpFile, 'utf8').includes('m=video'), 10_000, 'the source SDP');
    // As a DESCRIBE answer: no address of its own, a control URL for the one track.
    sdp = readFileSync(sdpFile, 'utf8')
      .replace(/^c=IN IP4 .*$/m, 'c=IN IP4 0.0.0.0')
      .replace(/^m=video \d+/m, 'm=video 0')
      .replace(/\r?\n?$/, '\r\na=control:streamid=0\r\n');
  };
  await startSource();

  const requests: string[] = [];
  const server: Server = createServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      for (;;) {
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = text.slice(0, end);
        text = text.slice(end + 4);
        const [method] = head.split(' ');
        const cseq = /^CSeq:\s*(\d+)/im.exec(head)?.[1] ?? '0';
        const transport = /^Transport:\s*(.+)$/im.exec(head)?.[1] ?? '';
        requests.push(`${method}${transport ? ` ${transport}` : ''}`);
        const reply = (status: string, headers: string[] = [], body = '') =>
          socket.write(`RTSP/1.0 ${status}\r\nCSeq: ${cseq}\r\n${headers.map((h) => `${h}\r\n`).join('')}${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body}`);
        if (method === 'OPTIONS') reply('200 OK', ['Public: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN']);
        else if (method === 'DESCRIBE') reply('200 OK', [`Content-Base: ${url}/`, 'Content-Type: application/sdp'], sdp);
        else if (method === 'SETUP') {
          if (!/TCP/i.test(transport)) reply('461 Unsupported Transport');
          else reply('200 OK', ['Transport: RTP/AVP/TCP;unicast;interleaved=0-1', 'Session: 4242']);
        } else if (method === 'PLAY') {
          reply('200 OK', ['Session: 4242', 'Range: npt=0.000-']);
          players.add(socket);
        } else if (method === 'TEARDOWN') {
          players.delete(socket);
          reply('200 OK', ['Session: 4242']);
        } else reply('501 Not Implemented');
      }
    });
    socket.on('close', () => players.delete(socket));
    socket.on('error', () => players.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `rtsp://127.0.0.1:${(server.address() as { port: number }).port}/cam`;
  return {
    url,
    requests,
    stopSource: () => {
      source?.kill('SIGKILL');
      source = null;
    },
    startSource,
    async close() {
      source?.kill('SIGKILL');
      for (const socket of players) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      udp.close();
      rmSync(sdpFile, { force: true });
    },
  };
}
