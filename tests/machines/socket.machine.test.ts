// Model-based test of the socket machine (§7 websockets): a small model of what the user sees generates paths to
// every state and through every transition; each path drives the production machine (fake sockets, a fake server
// that replays as the contract says, the real alarm store, a simulated clock) and checks it at every step —
// including that every alarm created after the first connection is shown exactly once, whatever the path.
// A final check proves every production state and transition was exercised.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import { CLOSE_CODES, connectionStatus, SOCKET_TIMING } from '../../src/machines/socket.machine.ts';
import { allStateIds, allTransitionKeys, SocketHarness, settle } from './socketHarness.ts';

/** What the user sees; events are what the network, the server, the clock or the user do. */
const userModel = createMachine({
  id: 'user',
  initial: 'notStarted',
  states: {
    notStarted: { on: { START: 'connecting', STOP: 'stopped' } },
    connecting: {
      on: { SOCKET_OPENS: 'handshaking', NO_ANSWER_FOR_10_S: 'reconnecting', CONNECTION_DROPS: 'reconnecting', STOP: 'stopped' },
    },
    handshaking: {
      on: {
        HELLO: 'live',
        NO_ANSWER_FOR_10_S: 'reconnecting',
        CONNECTION_DROPS: 'reconnecting',
        SERVER_SAYS_4001: 'signedOut',
        SERVER_SAYS_4003: 'forbidden',
        STOP: 'stopped',
      },
    },
    live: {
      on: {
        ALARM: 'live',
        STATUS_CHANGE: 'live',
        WAIT_20_S: 'awaitingPong',
        CONNECTION_DROPS: 'reconnecting',
        SERVER_SAYS_4001: 'signedOut',
        STOP: 'stopped',
      },
    },
    awaitingPong: {
      on: { PONG: 'live', ALARM: 'awaitingPong', NO_PONG_FOR_10_S: 'reconnecting', CONNECTION_DROPS: 'reconnecting', STOP: 'stopped' },
    },
    reconnecting: {
      on: { ALARM_WHILE_AWAY: 'reconnecting', WAIT_2_S: 'connecting', RETRY_NOW: 'connecting', ALL_TRIES_FAIL: 'disconnected', STOP: 'stopped' },
    },
    disconnected: { on: { ALARM_WHILE_AWAY: 'disconnected', RETRY_NOW: 'connecting', STOP: 'stopped' } },
    signedOut: {},
    forbidden: {},
    stopped: {},
  },
});

const model = createTestModel(userModel);

const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();

function openSockets(h: SocketHarness) {
  return h.sockets.filter((socket) => !socket.closed);
}

function checks(h: SocketHarness) {
  const noSocketLater = async () => {
    const opened = h.sockets.length;
    await h.advance(60_000);
    expect(h.sockets).toHaveLength(opened); // no reconnect
  };
  return {
    notStarted: () => expect(h.actor).toBeNull(),
    connecting: () => {
      expect(h.snapshot.matches({ active: 'connecting' })).toBe(true);
      expect(openSockets(h)).toEqual([h.socket]); // one socket at a time: every earlier one is closed
      expect(connectionStatus(h.snapshot)).toBe(h.snapshot.context.epoch === 0 && h.snapshot.context.attempts === 0 ? 'connecting' : 'reconnecting');
    },
    handshaking: () => {
      expect(h.snapshot.matches({ active: 'handshake' })).toBe(true);
      expect(h.socket.sent).toEqual([]); // nothing before hello
    },
    live: () => {
      expect(h.snapshot.matches({ active: { open: 'quiet' } })).toBe(true);
      expect(connectionStatus(h.snapshot)).toBe('open');
      expect(h.snapshot.context.attempts).toBe(0); // a hello resets the tries
      // Delivery started with a ping on the first connection, with a resume after what was processed later.
      const first = h.socket.sent[0];
      if (h.processedAtHello === null && h.connected.length === 1) expect(first).toEqual({ type: 'ping' });
      else expect(first).toEqual({ type: 'resume', afterSeq: h.processedAtHello ?? h.firstHelloSeq });
      // Every alarm since the first connection, exactly once, in its current state.
      const shown = h.store.get('alarms');
      expect(shown.map((a) => a.id).sort((a, b) => a - b)).toEqual(h.expectedIds());
      for (const alarm of shown) expect(alarm.status).toBe(h.serverAlarms.find((a) => a.id === alarm.id)?.status);
    },
    awaitingPong: () => {
      expect(h.snapshot.matches({ active: { open: 'awaitingPong' } })).toBe(true);
      expect(h.socket.sent.at(-1)).toEqual({ type: 'ping' });
    },
    reconnecting: () => {
      expect(h.snapshot.value).toBe('waiting');
      expect(connectionStatus(h.snapshot)).toBe('reconnecting');
      expect(openSockets(h)).toEqual([]); // the dead link was closed
      expect(h.snapshot.context.attempts).toBeLessThan(SOCKET_TIMING.maxReconnectAttempts);
    },
    disconnected: () => {
      expect(h.snapshot.value).toBe('failed');
      expect(connectionStatus(h.snapshot)).toBe('disconnected');
      expect(h.snapshot.context.attempts).toBe(SOCKET_TIMING.maxReconnectAttempts);
      expect(openSockets(h)).toEqual([]);
    },
    signedOut: async () => {
      expect(h.snapshot.value).toBe('unauthorized');
      expect(h.unauthorizedCalls).toBe(1);
      await noSocketLater();
    },
    forbidden: async () => {
      expect(h.snapshot.value).toBe('forbidden');
      expect(h.unauthorizedCalls).toBe(0);
      await noSocketLater();
    },
    stopped: () => {
      expect(h.snapshot.status).toBe('done');
      expect(openSockets(h)).toEqual([]);
    },
  };
}

type ModelEvent = Parameters<typeof userModel.transition>[1]['type'];

/** What each model event does to the system under test. */
const performers: Record<ModelEvent, (h: SocketHarness) => void | Promise<void>> = {
  START: (h) => h.start(),
  SOCKET_OPENS: (h) => h.open(),
  HELLO: (h) => h.hello(),
  ALARM: async (h) => {
    await h.pushAlarm();
  },
  STATUS_CHANGE: async (h) => {
    const alarm = h.serverAlarms.at(-1)!.seq > (h.firstHelloSeq ?? 0) ? h.serverAlarms.at(-1)! : await h.pushAlarm();
    alarm.status = 1;
    alarm.handleUser = 'operator';
    await h.serverSays({
      type: 'alarmStatus',
      data: { ids: [alarm.id], status: 1, deleted: false, handleUser: 'operator', handleTime: '2026-11-21 08:31:00' },
    });
  },
  WAIT_20_S: async (h) => {
    await h.advance(SOCKET_TIMING.pingIntervalMs - 1);
    expect(h.snapshot.matches({ active: { open: 'quiet' } })).toBe(true);
    await h.advance(1);
  },
  PONG: (h) => h.serverSays({ type: 'pong' }),
  NO_PONG_FOR_10_S: async (h) => {
    await h.advance(SOCKET_TIMING.pongTimeoutMs - 1);
    expect(h.snapshot.matches({ active: { open: 'awaitingPong' } })).toBe(true);
    await h.advance(1);
  },
  NO_ANSWER_FOR_10_S: (h) => h.advance(SOCKET_TIMING.openTimeoutMs),
  CONNECTION_DROPS: (h) => h.close(1006),
  ALARM_WHILE_AWAY: (h) => {
    h.createAlarm({ urgent: true, eventType: 1009, eventKind: 'road' });
  },
  WAIT_2_S: async (h) => {
    const opened = h.sockets.length;
    await h.advance(SOCKET_TIMING.reconnectDelayMs - 1);
    expect(h.sockets).toHaveLength(opened);
    await h.advance(1);
    expect(h.sockets).toHaveLength(opened + 1);
  },
  RETRY_NOW: async (h) => {
    h.actor!.send({ type: 'RETRY' });
    await settle();
  },
  ALL_TRIES_FAIL: async (h) => {
    const opened = h.sockets.length;
    const left = SOCKET_TIMING.maxReconnectAttempts - h.snapshot.context.attempts;
    while (h.snapshot.value === 'waiting') {
      await h.advance(SOCKET_TIMING.reconnectDelayMs);
      await h.close(1006); // the server is unreachable
    }
    expect(h.sockets.length - opened).toBe(left); // at most 10 tries in a row
  },
  SERVER_SAYS_4001: (h) => h.close(CLOSE_CODES.unauthorized),
  SERVER_SAYS_4003: (h) => h.close(CLOSE_CODES.forbidden),
  STOP: async (h) => {
    if (!h.actor) h.start();
    h.actor!.send({ type: 'STOP' });
    await settle();
  },
};

function actions(h: SocketHarness) {
  return Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
}


/** A longer journey: alarms across several drops and both kinds of reconnect, ending live. */
const JOURNEY = [
  'START', 'SOCKET_OPENS', 'HELLO', 'ALARM', 'CONNECTION_DROPS', 'ALARM_WHILE_AWAY', 'WAIT_2_S', 'SOCKET_OPENS',
  'HELLO', 'ALARM', 'WAIT_20_S', 'NO_PONG_FOR_10_S', 'ALARM_WHILE_AWAY', 'ALL_TRIES_FAIL', 'ALARM_WHILE_AWAY',
  'RETRY_NOW', 'SOCKET_OPENS', 'HELLO', 'STATUS_CHANGE', 'ALARM',
];

describe('socket machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel, [JOURNEY])) {
    it(path.description, async () => {
      const h = new SocketHarness(visitedStates, takenTransitions);
      await path.test({ states: checks(h), events: actions(h) as never });
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(allStateIds());
    expect([...takenTransitions].sort()).toEqual(allTransitionKeys());
  });
});

describe('socket machine details', () => {
  it('a 4008 close (client too slow) reconnects 2 s later and resumes after what was processed', async () => {
    const h = new SocketHarness(new Set(), new Set());
    h.start();
    await h.open();
    await h.hello();
    await h.close(CLOSE_CODES.tooSlow); // 4008: reconnect and resume
    expect(h.snapshot.value).toBe('waiting');
    await h.advance(SOCKET_TIMING.reconnectDelayMs);
    expect(h.sockets).toHaveLength(2);
    await h.open();
    await h.hello();
    expect(h.socket.sent[0]).toEqual({ type: 'resume', afterSeq: h.firstHelloSeq });
  });

  it('continues from a store that is ahead of a reset server', async () => {
    const h = new SocketHarness(new Set(), new Set());
    h.start();
    await h.open();
    await h.hello();
    await h.pushAlarm();
    await h.pushAlarm();
    await h.close(1001);
    await h.advance(SOCKET_TIMING.reconnectDelayMs);
    await h.open();
    await h.serverSays({ type: 'hello', lastSeq: 1 }); // the server's database was reset
    expect(h.snapshot.context.lastSeq).toBe(1);
    expect(h.connected.at(-1)).toMatchObject({ resumed: true, helloSeq: 1 });
  });
});
