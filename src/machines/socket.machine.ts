// The alarm websocket of spec §7 and the contract's x-websockets: connect, wait for hello, start delivery (resume
// after the last seq processed, or a ping on a first connection), ping every 20 s, a missing pong within 10 s is a
// dead link, reconnect 2 s after any loss, at most 10 consecutive tries (reset by a hello), then a visible
// "disconnected — retry" state. 4001 ends the session (no reconnect), 4003 forbids (no reconnect).
// Pure: the socket is an actor the caller provides (a browser WebSocket, or a fake in tests); what arrives is
// handed to the caller's actions (the alarm store). Timers are named `after` delays (SimulatedClock in tests).
import { assign, fromCallback, type SnapshotFrom, sendTo, setup } from 'xstate';
import type {
  AlarmWsAlarmMessage,
  AlarmWsHelloMessage,
  AlarmWsPingMessage,
  AlarmWsPongMessage,
  AlarmWsResumeMessage,
  AlarmWsStatusMessage,
  WarnEvent,
} from '../api/schema.gen.ts';

export type { WarnEvent };
export type AlarmStatusNotice = AlarmWsStatusMessage['data'];

/** What the server sends (the literal text 'pong' is read as the pong message). */
export type ServerMessage =
  | AlarmWsHelloMessage
  | AlarmWsAlarmMessage
  | AlarmWsStatusMessage
  | AlarmWsPongMessage;

/** What the console sends. */
export type ClientMessage = AlarmWsPingMessage | AlarmWsResumeMessage;

export const SOCKET_TIMING = {
  pingIntervalMs: 20_000,
  pongTimeoutMs: 10_000,
  reconnectDelayMs: 2_000,
  maxReconnectAttempts: 10,
  /** Not in the spec: a socket that neither opens nor says hello within this long is treated as lost. */
  openTimeoutMs: 10_000,
} as const;

export const CLOSE_CODES = { normal: 1000, goingAway: 1001, unauthorized: 4001, forbidden: 4003, tooSlow: 4008 } as const;

/** Commands to the socket actor. */
export type SocketCommand = { type: 'SEND'; message: ClientMessage };

/** Events the socket actor sends back. */
export type SocketEvent =
  | { type: 'SOCKET.OPEN' }
  | { type: 'SOCKET.MESSAGE'; message: ServerMessage }
  | { type: 'SOCKET.CLOSED'; code: number };

export type SocketMachineEvent =
  | SocketEvent
  /** Open the connection (the session is signed in and a screen needs alarms). */
  | { type: 'START' }
  /** Connect now: from "disconnected — retry", or to skip the 2 s wait. */
  | { type: 'RETRY' }
  /** Close for good (sign-out). */
  | { type: 'STOP' };

export interface SocketContext {
  /** Reconnect attempts since the last hello. */
  attempts: number;
  /** The highest seq handed to the store (what a resume continues after); null before any hello. */
  lastSeq: number | null;
  /** How many times a connection has reached hello (screens reload their lists when it grows past 1). */
  epoch: number;
  /** The close code that ended the last connection (null while none has). */
  closeCode: number | null;
  /** What the current connection resumed after (null: it started with a ping, after hello's lastSeq). */
  resumeFrom: number | null;
  /** The current connection's hello lastSeq. */
  helloSeq: number;
}

export interface SocketInput {
  /** Where a previous socket of this session stopped (the store's last seq), if anywhere. */
  lastSeq?: number | null;
}

/** A new connection is live (after hello): `epoch` counts them; `resumed` when delivery continues after `afterSeq`. */
export interface ConnectedInfo {
  epoch: number;
  resumed: boolean;
  afterSeq: number | null;
  helloSeq: number;
}

const isMessage =
  <T extends ServerMessage['type']>(type: T) =>
  ({ event }: { event: SocketMachineEvent }) =>
    event.type === 'SOCKET.MESSAGE' && event.message.type === type;

const messageOf = (event: SocketMachineEvent) => (event as Extract<SocketMachineEvent, { type: 'SOCKET.MESSAGE' }>).message;

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketMachineEvent,
    input: {} as SocketInput,
  },
  actors: {
    // Provided by the caller: opens the socket, reports SOCKET.* events, sends what it receives, closes on stop.
    socket: fromCallback<SocketCommand, { attempt: number }>(() => {
      throw new Error('the socket actor was not provided');
    }),
  },
  actions: {
    // Effects the caller provides (the alarm store, the session): no-ops by default.
    deliverAlarm: (_, _alarm: WarnEvent) => {},
    deliverStatus: (_, _notice: AlarmStatusNotice) => {},
    connected: (_, _info: ConnectedInfo) => {},
    unauthorized: () => {},
    sendPing: sendTo('socket', { type: 'SEND', message: { type: 'ping' } } satisfies SocketCommand),
    // The first message starts delivery: resume after what was processed, or (first connection) a ping, which
    // starts delivery after hello's lastSeq.
    startDelivery: sendTo('socket', ({ context }) =>
      context.resumeFrom === null
        ? ({ type: 'SEND', message: { type: 'ping' } } satisfies SocketCommand)
        : ({ type: 'SEND', message: { type: 'resume', afterSeq: context.resumeFrom } } satisfies SocketCommand),
    ),
  },
  guards: {
    isHello: isMessage('hello'),
    isAlarm: isMessage('alarm'),
    isStatus: isMessage('alarmStatus'),
    isPong: isMessage('pong'),
    closedUnauthorized: ({ event }) => event.type === 'SOCKET.CLOSED' && event.code === CLOSE_CODES.unauthorized,
    closedForbidden: ({ event }) => event.type === 'SOCKET.CLOSED' && event.code === CLOSE_CODES.forbidden,
    triesLeft: ({ context }) => context.attempts < SOCKET_TIMING.maxReconnectAttempts,
  },
  delays: {
    pingInterval: SOCKET_TIMING.pingIntervalMs,
    pongTimeout: SOCKET_TIMING.pongTimeoutMs,
    reconnectDelay: SOCKET_TIMING.reconnectDelayMs,
    openTimeout: SOCKET_TIMING.openTimeoutMs,
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ attempts: 0, lastSeq: input.lastSeq ?? null, epoch: 0, closeCode: null, resumeFrom: null, helloSeq: 0 }),
  initial: 'idle',
  on: {
    STOP: { target: '.stopped' },
  },
  states: {
    idle: {
      on: { START: { target: 'active' } },
    },
    // The socket lives as long as this state: connecting, handshake and open share one connection.
    active: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ attempt: context.attempts }) },
      initial: 'connecting',
      on: {
        'SOCKET.CLOSED': [
          { guard: 'closedUnauthorized', target: 'unauthorized', actions: assign({ closeCode: ({ event }) => event.code }) },
          { guard: 'closedForbidden', target: 'forbidden', actions: assign({ closeCode: ({ event }) => event.code }) },
          { target: 'lost', actions: assign({ closeCode: ({ event }) => event.code }) },
        ],
      },
      states: {
        connecting: {
          on: { 'SOCKET.OPEN': { target: 'handshake' } },
          after: { openTimeout: { target: '#socket.lost' } },
        },
        handshake: {
          on: {
            'SOCKET.MESSAGE': {
              guard: 'isHello',
              target: 'open',
              actions: [
                assign(({ context, event }) => {
                  const hello = messageOf(event) as AlarmWsHelloMessage;
                  const resumeFrom = context.lastSeq;
                  // A store ahead of the server (its database was reset) continues from what the server has.
                  const lastSeq = resumeFrom === null || resumeFrom > hello.lastSeq ? hello.lastSeq : resumeFrom;
                  return { attempts: 0, epoch: context.epoch + 1, lastSeq, resumeFrom, helloSeq: hello.lastSeq, closeCode: null };
                }),
                'startDelivery',
                {
                  type: 'connected',
                  params: ({ context }) => ({
                    epoch: context.epoch,
                    resumed: context.resumeFrom !== null,
                    afterSeq: context.resumeFrom,
                    helloSeq: context.helloSeq,
                  }),
                },
              ],
            },
          },
          after: { openTimeout: { target: '#socket.lost' } },
        },
        open: {
          initial: 'quiet',
          on: {
            'SOCKET.MESSAGE': [
              {
                guard: 'isAlarm',
                actions: [
                  { type: 'deliverAlarm', params: ({ event }) => (messageOf(event) as AlarmWsAlarmMessage).data },
                  assign({
                    lastSeq: ({ context, event }) => Math.max(context.lastSeq ?? 0, (messageOf(event) as AlarmWsAlarmMessage).seq),
                  }),
                ],
              },
              {
                guard: 'isStatus',
                actions: { type: 'deliverStatus', params: ({ event }) => (messageOf(event) as AlarmWsStatusMessage).data },
              },
            ],
          },
          states: {
            quiet: {
              after: { pingInterval: { target: 'awaitingPong' } },
            },
            awaitingPong: {
              entry: 'sendPing',
              on: { 'SOCKET.MESSAGE': { guard: 'isPong', target: 'quiet' } },
              // No pong: the link is dead; leaving `active` closes the socket.
              after: { pongTimeout: { target: '#socket.lost' } },
            },
          },
        },
      },
    },
    // A connection ended or never came up: wait and try again while tries are left.
    lost: {
      always: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'failed' }],
    },
    waiting: {
      after: { reconnectDelay: { target: 'active', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) } },
      on: { RETRY: { target: 'active', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) } },
    },
    /** "Disconnected — retry": the tries are used up; the user retries. */
    failed: {
      on: { RETRY: { target: 'active', actions: assign({ attempts: 0 }) } },
    },
    /** 4001: the session is over; the console goes to login. */
    unauthorized: {
      entry: 'unauthorized',
    },
    /** 4003: this user may not receive alarms. */
    forbidden: {},
    stopped: { type: 'final' },
  },
});

export type SocketMachine = typeof socketMachine;

/** What the user is shown about the connection. */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'disconnected' | 'unauthorized' | 'forbidden' | 'stopped';

export function connectionStatus(snapshot: SnapshotFrom<SocketMachine>): ConnectionStatus {
  if (snapshot.matches({ active: 'open' })) return 'open';
  if (snapshot.matches('active')) return snapshot.context.attempts > 0 || snapshot.context.epoch > 0 ? 'reconnecting' : 'connecting';
  if (snapshot.matches('waiting') || snapshot.matches('lost')) return 'reconnecting';
  if (snapshot.matches('failed')) return 'disconnected';
  if (snapshot.matches('unauthorized')) return 'unauthorized';
  if (snapshot.matches('forbidden')) return 'forbidden';
  if (snapshot.matches('stopped')) return 'stopped';
  return 'idle';
}
