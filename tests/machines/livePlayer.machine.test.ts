// Model-based test of the live view machine on a simulated clock: a model of what the viewer sees (loading, the
// picture, reconnecting after the stream ended, offline with the server's reason, failed with Retry) generates paths
// through every transition; each drives the production machine with a fake open call and a fake player whose
// outcomes the test decides, and checks the timings (2 s before a reopen, 10 s between offline tries), that a
// stream ending again and again gives up after 5 reopens, and that a moving picture resets that count.
import { describe, expect, it } from 'vitest';
import { type AnyStateNode, type AnyTransitionDefinition, createActor, createMachine, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { LIVE_TIMING, type LivePlayerEvent, type LiveTicket, livePlayerMachine, liveViewOf } from '../../src/machines/livePlayer.machine.ts';
import { settle, stepToOne } from './support/clockSteps.ts';
import { coveringPaths } from './support/coveringPaths.ts';

const userModel = createMachine({
  id: 'live',
  initial: 'loading',
  states: {
    loading: { on: { OPENED: 'starting', OPEN_OFFLINE: 'offline', OPEN_FAILS: 'failed' } },
    starting: { on: { PLAYS: 'live', ENDS: 'reconnecting', PLAY_OFFLINE: 'offline', PLAY_FAILS: 'failed', KEEPS_ENDING: 'failed' } },
    live: { on: { ENDS: 'reconnecting', PLAY_FAILS: 'failed' } },
    reconnecting: { on: { REOPEN_DELAY: 'loading' } },
    offline: { on: { OFFLINE_DELAY: 'loading', RETRY: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});
const model = createTestModel(userModel);

const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();
const transitionKey = (t: AnyTransitionDefinition) => {
  const event = t.eventType.startsWith('xstate.after.') ? t.eventType.split('.').slice(0, 3).join('.') : t.eventType;
  return `${t.source.id} --${event}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(stays)'}`;
};
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(nodesOf)];
/** A state entered with its initial child states (entering `playing` enters `playing.starting`). */
const entered = (node: AnyStateNode): AnyStateNode[] => {
  const initial = node.initial?.target?.[0];
  return initial ? [node, ...entered(initial)] : [node];
};

class Harness {
  readonly clock = new SimulatedClock();
  opens = 0;
  players = 0;
  private pending: { resolve: (t: LiveTicket) => void; reject: (e: unknown) => void } | null = null;
  private emit: ((event: LivePlayerEvent) => void) | null = null;
  readonly actor;

  constructor() {
    const machine = livePlayerMachine.provide({
      actors: {
        open: fromPromise<LiveTicket, { cameraId: number }>(({ input }) => {
          expect(input.cameraId).toBe(9);
          this.opens++;
          return new Promise((resolve, reject) => {
            this.pending = { resolve, reject };
          });
        }),
        player: fromCallback<LivePlayerEvent, { ticket: LiveTicket }>(({ input, sendBack }) => {
          expect(input.ticket.url).toMatch(/^\/api\/video\/live\/t\d+\.mp4$/);
          this.players++;
          this.emit = sendBack;
          return () => {
            this.emit = null;
          };
        }),
      },
    });
    this.actor = createActor(machine, {
      input: { cameraId: 9 },
      clock: this.clock,
      inspect: (event) => {
        if (event.type !== '@xstate.microstep') return;
        for (const t of event._transitions) {
          takenTransitions.add(transitionKey(t));
          for (const node of (t.target ?? []).flatMap(entered)) visitedStates.add(node.id);
        }
      },
    });
    for (const node of this.actor.getSnapshot()._nodes) visitedStates.add(node.id);
    this.actor.start();
  }

  async opened() {
    await settle();
    this.pending?.resolve({ url: `/api/video/live/t${this.opens}.mp4`, codec: 'avc1.64001f' });
    this.pending = null;
    await settle();
  }

  async openFails(code: number, message: string) {
    await settle();
    this.pending?.reject(Object.assign(new Error(message), { code }));
    this.pending = null;
    await settle();
  }

  async player(event: LivePlayerEvent) {
    await settle();
    expect(this.emit, 'a player is running').not.toBeNull();
    this.emit?.(event);
    await settle();
  }

  /** Advances to just before `ms` (no new open), then to it (one). */
  async wait(ms: number) {
    await stepToOne(this.clock, () => this.opens, ms, 'open');
  }

  get view() {
    return liveViewOf(this.actor.getSnapshot().value);
  }
  get context() {
    return this.actor.getSnapshot().context;
  }
}

const performers: Record<string, (h: Harness) => Promise<void>> = {
  OPENED: (h) => h.opened(),
  OPEN_OFFLINE: (h) => h.openFails(409, 'The box "B1" of camera "Gate" is offline (last heartbeat: 2026-12-06 10:00:00)'),
  OPEN_FAILS: (h) => h.openFails(500, 'internal error'),
  PLAYS: (h) => h.player({ type: 'PLAYER.PLAYING' }),
  ENDS: (h) => h.player({ type: 'PLAYER.ENDED' }),
  PLAY_OFFLINE: (h) => h.player({ type: 'PLAYER.FAILED', problem: { code: 409, message: 'The box sent no stream for this camera within 10 s' } }),
  PLAY_FAILS: (h) => h.player({ type: 'PLAYER.FAILED', problem: { code: 0, message: 'The stream could not be decoded' } }),
  // The stream ends before the picture ever moves, again and again, until the machine stops reopening.
  KEEPS_ENDING: async (h) => {
    for (let reopens = h.context.reopens; reopens < LIVE_TIMING.maxReopens; reopens++) {
      await h.player({ type: 'PLAYER.ENDED' });
      await h.wait(LIVE_TIMING.reopenDelayMs);
      await h.opened();
    }
    await h.player({ type: 'PLAYER.ENDED' });
  },
  REOPEN_DELAY: (h) => h.wait(LIVE_TIMING.reopenDelayMs),
  OFFLINE_DELAY: (h) => h.wait(LIVE_TIMING.offlineRetryMs),
  RETRY: async (h) => {
    const before = h.opens;
    h.actor.send({ type: 'RETRY' });
    await settle();
    expect(h.opens).toBe(before + 1);
  },
};

function checks(h: Harness) {
  return {
    loading: () => expect(h.view).toBe('loading'),
    starting: () => {
      expect(h.view).toBe('loading');
      expect(h.context.ticket?.codec).toBe('avc1.64001f');
    },
    live: () => {
      expect(h.view).toBe('live');
      expect(h.context.reopens).toBe(0);
    },
    reconnecting: () => expect(h.view).toBe('reconnecting'),
    offline: () => {
      expect(h.view).toBe('offline');
      expect(h.context.problem?.code).toBe(409);
      expect(h.context.problem?.message).toMatch(/offline|no stream/);
    },
    failed: () => {
      expect(h.view).toBe('failed');
      expect(h.context.problem?.message).toMatch(/internal error|decoded|ended/);
    },
  };
}

describe('live view machine (model-based, simulated clock)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new Harness();
      const events = Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
      await path.test({ states: checks(h) as never, events: events as never });
      h.actor.stop();
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(nodesOf(livePlayerMachine.root).map((n) => n.id).sort());
    const all = new Set<string>();
    for (const node of nodesOf(livePlayerMachine.root)) for (const list of node.transitions.values()) for (const t of list) all.add(transitionKey(t));
    expect([...takenTransitions].sort()).toEqual([...all].sort());
  });

  it('a moving picture resets the reopen count', async () => {
    const h = new Harness();
    await h.opened();
    for (let i = 0; i < 3; i++) {
      await h.player({ type: 'PLAYER.ENDED' });
      await h.wait(LIVE_TIMING.reopenDelayMs);
      await h.opened();
    }
    expect(h.context.reopens).toBe(3);
    await h.player({ type: 'PLAYER.PLAYING' });
    expect(h.context.reopens).toBe(0);
    h.actor.stop();
  });

  it('stops opening once the view is left (the actor is stopped)', async () => {
    const h = new Harness();
    await h.openFails(409, 'offline');
    h.actor.stop();
    h.clock.increment(LIVE_TIMING.offlineRetryMs * 5);
    await settle();
    expect(h.opens).toBe(1);
  });
});
