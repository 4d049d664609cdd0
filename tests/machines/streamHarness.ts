// Drives the production stream machine (server/edge/stream/stream.machine.ts) with fake pulls on a SimulatedClock:
// each pull the machine starts is recorded (and marked closed when the machine ends it), and the harness plays the
// source — data, a pull that fails, a stream that is not a video. Records the states and transitions taken, for the
// coverage check.
import { type Actor, createActor, fromCallback, SimulatedClock } from 'xstate';
import { reportedState, type StreamMachineEvent, streamMachine } from '../../server/edge/stream/stream.machine.ts';
import { coverageInspector, recordVisits, settle } from './socketHarness.ts';

export class FakePull {
  closed = false;
  readonly attempt: number;
  readonly sendBack: (event: StreamMachineEvent) => void;
  constructor(attempt: number, sendBack: (event: StreamMachineEvent) => void) {
    this.attempt = attempt;
    this.sendBack = sendBack;
  }
}

export class StreamHarness {
  readonly clock = new SimulatedClock();
  readonly pulls: FakePull[] = [];
  actor: Actor<typeof streamMachine> | null = null;
  private readonly visitedStates: Set<string>;
  private readonly takenTransitions: Set<string>;

  constructor(visitedStates: Set<string>, takenTransitions: Set<string>) {
    this.visitedStates = visitedStates;
    this.takenTransitions = takenTransitions;
  }

  start(): void {
    const machine = streamMachine.provide({
      actors: {
        pull: fromCallback<StreamMachineEvent, { attempt: number }>(({ sendBack, input }) => {
          const pull = new FakePull(input.attempt, sendBack as (event: StreamMachineEvent) => void);
          this.pulls.push(pull);
          return () => {
            pull.closed = true;
          };
        }),
      },
    });
    this.actor = createActor(machine, { clock: this.clock, inspect: coverageInspector(this.visitedStates, this.takenTransitions) });
    recordVisits(this.actor, this.visitedStates);
    this.actor.start();
  }

  send(event: StreamMachineEvent): Promise<void> {
    if (!this.actor) throw new Error('not started');
    this.actor.send(event);
    return settle();
  }

  get snapshot() {
    if (!this.actor) throw new Error('not started');
    return this.actor.getSnapshot();
  }

  get reported() {
    return reportedState(this.snapshot);
  }

  get openPulls(): FakePull[] {
    return this.pulls.filter((p) => !p.closed);
  }

  /** The current pull sends a fragment or a frame. */
  async data(): Promise<void> {
    const pull = this.openPulls.at(-1);
    if (!pull) throw new Error('no open pull to send data');
    pull.sendBack({ type: 'PULL.DATA' });
    await settle();
  }

  /** The current pull's ffmpeg ends (a refused or lost connection, or a source that is not a video). */
  async end(fatal: boolean): Promise<void> {
    const pull = this.openPulls.at(-1);
    if (!pull) throw new Error('no open pull to end');
    pull.sendBack({ type: 'PULL.END', reason: fatal ? 'Invalid data found when processing input' : 'Connection refused', fatal, kind: fatal ? 'notVideo' : 'ended' });
    await settle();
  }

  async advance(ms: number): Promise<void> {
    this.clock.increment(ms);
    await settle();
  }
}
