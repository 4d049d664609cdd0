// The small parts around the live alarms: the websocket address and messages, the detection box drawing, the alarm
// sound (generated beep, fallback, one sound per burst), attribute names, chart options.
import { describe, expect, it, vi } from 'vitest';
import { buildSearchProperties } from '../../src/domain/attributeDictionary.ts';
import { createActor, createMachine, sendTo } from 'xstate';
import { browserSocket, parseServerMessage, socketUrl } from '../../src/realtime/browserSocket.ts';
import { beepWav, createAlarmSound, MIN_GAP_MS } from '../../src/screens/alarms/alarmAudio.ts';
import { attributeRows } from '../../src/screens/alarms/alarmAttributes.ts';
import { dialogCorner } from '../../src/screens/alarms/alarmText.ts';
import { evidenceProblem } from '../../src/screens/alarms/handleRules.ts';
import { drawDetection, scaleBox } from '../../src/screens/alarms/snapshotDrawing.ts';
import { byTypeOption, perDayOption, perDaySummary, topOption } from '../../src/screens/alarms/statsCharts.ts';

const page = { protocol: 'https:', host: 'argus.example:8443', hostname: 'argus.example' };

describe('websocket address and messages', () => {
  it('is /websocket/{timestamp_userId} on the page origin with the token and type in the query', () => {
    expect(socketUrl({ server: '', port: null }, 12, 'to ken', page, 1732156800000)).toBe(
      'wss://argus.example:8443/websocket/1732156800000_12?token=to+ken&type=all',
    );
  });

  it('follows the system config: another host, another port, or a ws base with a path', () => {
    expect(socketUrl({ server: 'push.example', port: 9000 }, 1, 't', page, 1)).toBe('wss://push.example:9000/websocket/1_1?token=t&type=all');
    expect(socketUrl({ server: 'ws://push.example/rt/', port: null }, 1, 't', page, 1)).toBe('ws://push.example/rt/websocket/1_1?token=t&type=all');
    // The console's language goes with it (the pushes name seeded records in it).
    expect(socketUrl({ server: '', port: null }, 1, 't', page, 1, 'en-US')).toBe('wss://argus.example:8443/websocket/1_1?token=t&type=all&lang=en');
    expect(socketUrl({ server: '', port: null }, 1, 't', page, 1, 'zh-CN')).toBe('wss://argus.example:8443/websocket/1_1?token=t&type=all&lang=zh');
    expect(socketUrl({ server: 'http://push.example:81', port: null }, 1, 't', { ...page, protocol: 'http:' }, 1)).toBe('ws://push.example:81/websocket/1_1?token=t&type=all');
  });

  it('reads JSON messages and the literal pong, and ignores anything else', () => {
    expect(parseServerMessage('pong')).toEqual({ type: 'pong' });
    expect(parseServerMessage('{"type":"hello","lastSeq":4}')).toEqual({ type: 'hello', lastSeq: 4 });
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('[1,2]')).toBeNull();
  });
});

describe('browser socket actor', () => {
  class FakeWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    readyState = 0;
    sent: string[] = [];
    closedWith: number | null = null;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    onerror: (() => void) | null = null;
    send(text: string) {
      this.sent.push(text);
    }
    close(code: number) {
      this.closedWith = code;
    }
  }

  it('reports open, messages and close to its parent, sends JSON, and closes normally when stopped', () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const sockets: FakeWebSocket[] = [];
    const received: string[] = [];
    const parent = createMachine({
      invoke: { id: 'socket', src: browserSocket(() => 'ws://x/websocket/1_1?token=t', () => {
        const socket = new FakeWebSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      }), input: { attempt: 0 } },
      on: {
        '*': { actions: ({ event }) => received.push(event.type === 'SOCKET.MESSAGE' ? `message ${JSON.stringify(event.message)}` : event.type) },
        PING: { actions: sendTo('socket', { type: 'SEND', message: { type: 'ping' } }) },
      },
    });
    const actor = createActor(parent).start();
    const socket = sockets[0];
    socket.readyState = 1;
    socket.onopen?.();
    socket.onmessage?.({ data: 'pong' });
    socket.onmessage?.({ data: new ArrayBuffer(2) }); // binary frames are not ours
    actor.send({ type: 'PING' });
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    socket.onclose?.({ code: 4008 });
    expect(received).toEqual(['SOCKET.OPEN', 'message {"type":"pong"}', 'SOCKET.CLOSED']);
    actor.stop();
    expect(socket.closedWith).toBe(1000);
    vi.unstubAllGlobals();
  });
});

describe('detection box', () => {
  it('is scaled from the declared snapshot size to the loaded image and clipped to it', () => {
    expect(scaleBox({ x: 100, y: 50, w: 200, h: 100 }, { width: 1280, height: 720 }, { width: 640, height: 360 })).toEqual({ x: 50, y: 25, w: 100, h: 50 });
    expect(scaleBox({ x: 600, y: 300, w: 200, h: 200 }, { width: 640, height: 360 }, { width: 640, height: 360 })).toEqual({ x: 600, y: 300, w: 40, h: 60 });
  });

  it('is stroked over the image with the type name as canvas text', () => {
    const calls: string[] = [];
    const context = {
      drawImage: () => calls.push('image'),
      strokeRect: (...args: number[]) => calls.push(`box ${args.join(',')}`),
      fillRect: () => calls.push('label background'),
      fillText: (text: string) => calls.push(`text ${text}`),
      measureText: () => ({ width: 40 }) as TextMetrics,
      lineWidth: 0,
      strokeStyle: '',
      fillStyle: '',
      font: '',
      textBaseline: 'alphabetic' as CanvasTextBaseline,
    };
    drawDetection(context, {} as CanvasImageSource, { width: 640, height: 360 }, { x: 10, y: 40, w: 20, h: 30 }, { width: 640, height: 360 }, '<b>火灾</b>');
    expect(calls).toEqual(['image', 'box 10,40,20,30', 'label background', 'text <b>火灾</b>']);
  });
});

describe('alarm sound', () => {
  it('generates a valid mono 16-bit WAV beep', async () => {
    const bytes = new Uint8Array(await beepWav(100, 880, 8000).arrayBuffer());
    const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 16)).toBe('WAVEfmt ');
    expect(text(36, 40)).toBe('data');
    expect(bytes.length).toBe(44 + 800 * 2);
  });

  it('plays once per burst, and falls back to the beep when the configured file is missing', () => {
    let clock = 0;
    const made: Array<{ src: string; error?: () => void; plays: number }> = [];
    const makeAudio = (src: string) => {
      const audio = { src, plays: 0, error: undefined as undefined | (() => void) };
      made.push(audio);
      return {
        play: () => {
          audio.plays += 1;
          return Promise.resolve();
        },
        pause: () => {},
        addEventListener: (_type: 'error', listener: () => void) => {
          audio.error = listener;
        },
      };
    };
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:beep');
    const sound = createAlarmSound('/audio/alarm.mp3', makeAudio, () => clock);
    sound.play();
    sound.play(); // same burst
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ src: '/audio/alarm.mp3', plays: 1 });
    made[0].error?.(); // 404: the file is missing
    expect(made[1]).toMatchObject({ src: 'blob:beep', plays: 1 });
    clock += MIN_GAP_MS;
    sound.play();
    expect(made).toHaveLength(2);
    expect(made[1].plays).toBe(2);
    createObjectURL.mockRestore();
  });
});

describe('alarm details', () => {
  it('names attributes from the §3 dictionaries, in their order, keeping unknown keys as sent', () => {
    const rows = attributeRows({ note: '<b>x</b>', plateNo: '粤B12345', helmet: 1 }, buildSearchProperties(), 'zh-CN');
    expect(rows.at(-1)).toEqual({ key: 'note', name: 'note', value: '<b>x</b>' });
    expect(rows.find((row) => row.key === 'plateNo')?.value).toBe('粤B12345');
    expect(rows.find((row) => row.key === 'plateNo')?.name).not.toBe('plateNo');
  });

  it('puts the dialog in the configured corner (1 by default)', () => {
    expect([1, 2, 3, 4, null, 9].map(dialogCorner)).toEqual(['bottom-right', 'bottom-left', 'top-left', 'top-right', 'bottom-right', 'bottom-right']);
  });

  it('checks evidence images: JPEG/PNG, 5 MB, 10 per alarm', () => {
    const jpg = { type: 'image/jpeg', size: 1000 };
    expect(evidenceProblem([jpg], 0)).toBeNull();
    expect(evidenceProblem([{ type: 'image/gif', size: 10 }], 0)).toBe('type');
    expect(evidenceProblem([{ type: 'image/png', size: 5 * 1024 * 1024 + 1 }], 0)).toBe('size');
    expect(evidenceProblem([jpg, jpg], 9)).toBe('count');
  });
});

describe('statistics charts', () => {
  const range = {
    startDate: '2026-11-19',
    endDate: '2026-11-21',
    total: 9,
    points: [
      { date: '2026-11-19', total: 2, violation: 1, road: 1 },
      { date: '2026-11-20', total: 5, violation: 5, road: 0 },
      { date: '2026-11-21', total: 2, violation: 0, road: 2 },
    ],
  };

  it('draws one line per kind plus the total, by day', () => {
    const option = perDayOption(range, { total: 'T', violation: 'V', road: 'R' });
    expect(option.xAxis.data).toEqual(['11-19', '11-20', '11-21']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['T', [2, 5, 2]],
      ['V', [1, 5, 0]],
      ['R', [1, 0, 2]],
    ]);
    expect(perDaySummary(range)).toEqual({ total: 9, peakDate: '2026-11-20', peak: 5 });
  });

  it('names types from the §3 tables and ranks cameras top-down', () => {
    const top = { total: 5, list: [{ rank: 1, id: 1009, name: 'fire', count: 3, share: 0.6 }, { rank: 2, id: 16, name: 'red', count: 2, share: 0.4 }] };
    expect(byTypeOption(top, (id) => `type ${id}`).series[0].data).toEqual([{ name: 'type 1009', value: 3 }, { name: 'type 16', value: 2 }]);
    expect(topOption(top, 'n').yAxis.data).toEqual(['red', 'fire']);
  });
});
