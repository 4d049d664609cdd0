// Drives the production socket machine with fake sockets and a fake server, on a SimulatedClock, feeding the real
// alarm store. The fake server keeps every alarm it created and replays as the contract says (after the client's
// first message: resume → every alarm above afterSeq; ping → from hello's lastSeq on). Records the states and
// transitions the machine took, for the coverage check.
import { type Actor, type AnyActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type InspectionEvent, createActor, fromCallback, SimulatedClock } from 'xstate';
import {
  type ClientMessage,
  type ConnectedInfo,
  type ServerMessage,
  type SocketCommand,
  type SocketEvent,
  socketMachine,
  type WarnEvent,
} from '../../src/machines/socket.machine.ts';
import { type AlarmStore, createAlarmStore } from '../../src/realtime/alarmStore.ts';
import { makeAlarm } from '../unit/alarmFixtures.ts';

export class FakeSocket {
  readonly sent: ClientMessage[] = [];
  closed = false;
  readonly sendBack: (event: SocketEvent) => void;
  constructor(sendBack: (event: SocketEvent) => void) {
    this.sendBack = sendBack;
  }
}

/** "from --event--> to" of a transition definition. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((node) => node.id).join(',') || '(stays)';
  // after-delays carry the state id in their event type; the delay name is enough.
  const event = t.eventType.startsWith('xstate.after.') ? t.eventType.split('.').slice(0, 3).join('.') : t.eventType || '(always)';
  return `${t.source.id} --${event}--> ${targets}`;
}

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

/** Every state node id of a machine (the socket machine unless another is named). */
export function allStateIds(machine: AnyStateMachine = socketMachine): string[] {
  return nodesOf(machine.root)
    .map((node) => node.id)
    .sort();
}

/** Every transition of a machine, as transitionKey names it. */
export function allTransitionKeys(machine: AnyStateMachine = socketMachine): string[] {
  const keys: string[] = [];
  for (const node of nodesOf(machine.root)) {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
  }
  return [...new Set(keys)].sort();
}

/** An actor's inspector that records every transition it takes, and the states it enters, for a coverage check. */
export function coverageInspector(visitedStates: Set<string>, takenTransitions: Set<string>) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) {
      takenTransitions.add(transitionKey(t));
      // Transient states (lost) never show in a snapshot: a transition into one is the visit.
      for (const node of t.target ?? []) visitedStates.add(node.id);
    }
  };
}

/** Records every state node an actor's snapshots are in. */
export function recordVisits(actor: AnyActor, visitedStates: Set<string>): void {
  actor.subscribe((snapshot) => {
    for (const id of (snapshot as { _nodes: AnyStateNode[] })._nodes.map((node) => node.id)) visitedStates.add(id);
  });
}

export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class SocketHarness {
  readonly clock = new SimulatedClock();
  readonly sockets: FakeSocket[] = [];
  readonly connected: ConnectedInfo[] = [];
  /** Flushed by `settle()` (a zero timer stands in for the animation frame). */
  readonly store: AlarmStore = createAlarmStore({
    schedule: (flush) => {
      const timer = setTimeout(flush, 0);
      return () => clearTimeout(timer);
    },
  });
  /** The fake server's alarms, in seq order. */
  readonly serverAlarms: WarnEvent[] = [];
  /** What the client must end up with: alarms created after its first hello. */
  firstHelloSeq: number | null = null;
  /** The highest seq the client had processed when the current connection said hello. */
  processedAtHello: number | null = null;
  unauthorizedCalls = 0;
  actor: Actor<typeof socketMachine> | null = null;

  private readonly visitedStates: Set<string>;
  private readonly takenTransitions: Set<string>;

  constructor(visitedStates: Set<string>, takenTransitions: Set<string>) {
    this.visitedStates = visitedStates;
    this.takenTransitions = takenTransitions;
    // Alarms that exist before the console ever connects: never delivered (a first connection starts live).
    this.createAlarm();
    this.createAlarm();
  }

  start(): void {
    const machine = socketMachine.provide({
      actors: {
        socket: fromCallback<SocketCommand, { attempt: number }>(({ sendBack, receive }) => {
          const socket = new FakeSocket(sendBack as (event: SocketEvent) => void);
          this.sockets.push(socket);
          receive((command) => socket.sent.push(command.message));
          return () => {
            socket.closed = true;
          };
        }),
      },
      actions: {
        deliverAlarm: (_, alarm: WarnEvent) => this.store.push(alarm),
        deliverStatus: (_, notice) => this.store.pushStatus(notice),
        connected: (_, info: ConnectedInfo) => {
          this.connected.push(info);
        },
        unauthorized: () => {
          this.unauthorizedCalls += 1;
        },
      },
    });
    this.actor = createActor(machine, { input: {}, clock: this.clock, inspect: coverageInspector(this.visitedStates, this.takenTransitions) });
    recordVisits(this.actor, this.visitedStates);
    this.actor.start();
    this.actor.send({ type: 'START' });
  }

  get snapshot() {
    if (!this.actor) throw new Error('not started');
    return this.actor.getSnapshot();
  }

  get socket(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  /** The server stores a new alarm (pushed only if a live connection is delivering). */
  createAlarm(overrides: Partial<WarnEvent> = {}): WarnEvent {
    const seq = (this.serverAlarms.at(-1)?.seq ?? 0) + 1;
    const alarm = makeAlarm(seq, { seq, ...overrides });
    this.serverAlarms.push(alarm);
    return alarm;
  }

  get serverLastSeq(): number {
    return this.serverAlarms.at(-1)?.seq ?? 0;
  }

  async serverSays(message: ServerMessage): Promise<void> {
    this.socket.sendBack({ type: 'SOCKET.MESSAGE', message });
    await settle();
  }

  async open(): Promise<void> {
    this.socket.sendBack({ type: 'SOCKET.OPEN' });
    await settle();
  }

  /** hello, then (after the client's first message) the replay the contract prescribes. */
  async hello(): Promise<void> {
    this.processedAtHello = this.store.lastSeq();
    const helloSeq = this.serverLastSeq;
    this.firstHelloSeq ??= helloSeq;
    await this.serverSays({ type: 'hello', lastSeq: helloSeq });
    const first = this.socket.sent[0];
    if (first?.type === 'resume') {
      for (const alarm of this.serverAlarms.filter((a) => a.seq > first.afterSeq)) await this.serverSays({ type: 'alarm', seq: alarm.seq, data: alarm });
    }
  }

  /** A live alarm: stored by the server and pushed on the open connection. */
  async pushAlarm(overrides: Partial<WarnEvent> = {}): Promise<WarnEvent> {
    const alarm = this.createAlarm(overrides);
    await this.serverSays({ type: 'alarm', seq: alarm.seq, data: alarm });
    return alarm;
  }

  async close(code: number): Promise<void> {
    this.socket.sendBack({ type: 'SOCKET.CLOSED', code });
    await settle();
  }

  async advance(ms: number): Promise<void> {
    this.clock.increment(ms);
    await settle();
  }

  /** The alarms the client must show: every one created after its first hello. */
  expectedIds(): number[] {
    if (this.firstHelloSeq === null) return [];
    return this.serverAlarms.filter((a) => a.seq > this.firstHelloSeq!).map((a) => a.id);
  }
}
