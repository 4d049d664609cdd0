// Model-based test of the edge box's stream machine (docs/edge-runtime.md): a small model of what the platform is
// told about a camera generates paths to every state and through every transition; each path drives the production
// machine (fake ffmpeg pulls, a simulated clock) and checks at every step the reported state, that at most one pull
// is open (an earlier one is always ended), and the exact timings (stall at 10 s, backoff 1, 2, 4 … s, an error
// retried after 60 s). A final check proves every production state and transition was exercised.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { backoffMs, STREAM_TIMING } from '../../server/edge/stream/stream.machine.ts';
import { allStateIds, allTransitionKeys } from './socketHarness.ts';
import { coveringPaths } from './support/coveringPaths.ts';
import { StreamHarness } from './streamHarness.ts';
import { streamMachine } from '../../server/edge/stream/stream.machine.ts';

/** What the platform is told (the report) and whether the box is pulling; events are what the source or clock do. */
const reportModel = createMachine({
  id: 'report',
  initial: 'notStarted',
  states: {
    notStarted: { on: { START: 'connecting', STOP: 'stopped' } },
    connecting: { on: { DATA: 'live', NO_DATA_10_S: 'stalled', PULL_FAILS: 'reconnecting', NOT_A_VIDEO: 'error', STOP: 'stopped' } },
    live: { on: { DATA: 'live', NO_DATA_10_S: 'stalled', PULL_FAILS: 'reconnecting', NOT_A_VIDEO: 'error', STOP: 'stopped' } },
    /** Twelve seconds without data is a camera gone: offline at once, and tried again. */
    stalled: { on: { DATA: 'live', STILL_NOTHING_2_S: 'offline', PULL_FAILS: 'reconnecting', STOP: 'stopped' } },
    reconnecting: { on: { WAIT_BACKOFF: 'retrying', STOP: 'stopped' } },
    /** The second try in a row: failing again makes the camera offline. */
    retrying: { on: { DATA: 'live', PULL_FAILS: 'offline', NO_DATA_10_S: 'stalledRetrying', STOP: 'stopped' } },
    stalledRetrying: { on: { DATA: 'live', STILL_NOTHING_2_S: 'offline', STOP: 'stopped' } },
    offline: { on: { WAIT_BACKOFF: 'offlineRetrying', STOP: 'stopped' } },
    offlineRetrying: { on: { DATA: 'live', PULL_FAILS: 'offline', NOT_A_VIDEO: 'error', STOP: 'stopped' } },
    error: { on: { WAIT_60_S: 'errorRetrying', STOP: 'stopped' } },
    errorRetrying: { on: { DATA: 'live', NOT_A_VIDEO: 'error', STOP: 'stopped' } },
    stopped: {},
  },
});

const model = createTestModel(reportModel);
const visitedStates = new Set<string>();
const takenTransitions = new Set<string>();

function checks(h: StreamHarness) {
  const onePull = () => {
    expect(h.openPulls).toHaveLength(1);
    expect(h.openPulls[0]).toBe(h.pulls.at(-1)); // every earlier pull was ended
  };
  return {
    notStarted: () => expect(h.actor).toBeNull(),
    connecting: () => {
      expect(h.reported).toBe('connecting');
      onePull();
    },
    live: () => {
      expect(h.reported).toBe('live');
      expect(h.snapshot.context).toMatchObject({ attempts: 0, offline: false, reason: null, reasonKind: null });
      onePull();
    },
    stalled: () => {
      expect(h.reported).toBe('stalled');
      expect(h.snapshot.context).toMatchObject({ reason: 'no data for 10 s', reasonKind: 'noData' });
      onePull(); // kept a little longer: data may come back
    },
    reconnecting: () => {
      expect(h.reported).toBe('reconnecting');
      expect(h.openPulls).toHaveLength(0);
      expect(h.snapshot.context.reason).toBeTruthy();
      expect(h.snapshot.context.reasonKind).toMatch(/^(noData|ended)$/);
    },
    retrying: () => {
      expect(h.reported).toBe('reconnecting');
      onePull();
    },
    stalledRetrying: () => {
      expect(h.reported).toBe('stalled');
      onePull();
    },
    offline: () => {
      expect(h.reported).toBe('offline');
      expect(h.openPulls).toHaveLength(0);
      expect(h.snapshot.context.offline).toBe(true);
      expect(h.snapshot.context.attempts).toBeGreaterThanOrEqual(1);
    },
    offlineRetrying: () => {
      expect(h.reported).toBe('offline'); // offline until data comes
      onePull();
    },
    error: () => {
      expect(h.reported).toBe('error');
      expect(h.snapshot.context).toMatchObject({ reason: 'Invalid data found when processing input', reasonKind: 'notVideo' });
      expect(h.openPulls).toHaveLength(0);
    },
    errorRetrying: () => {
      expect(h.reported).not.toBe('error');
      onePull();
    },
    stopped: () => {
      expect(h.snapshot.status).toBe('done');
      expect(h.openPulls).toHaveLength(0);
    },
  };
}

type ModelEvent = Parameters<typeof reportModel.transition>[1]['type'];

/** Waits `ms` less one and checks nothing changed, then the last millisecond. */
async function exactly(h: StreamHarness, ms: number, unchanged: () => void) {
  await h.advance(ms - 1);
  unchanged();
  await h.advance(1);
}

const performers: Record<ModelEvent, (h: StreamHarness) => Promise<void>> = {
  START: async (h) => {
    h.start();
    await h.send({ type: 'START' });
  },
  DATA: (h) => h.data(),
  NO_DATA_10_S: async (h) => {
    const before = h.reported;
    await exactly(h, STREAM_TIMING.stallMs, () => expect(h.reported).toBe(before));
  },
  STILL_NOTHING_2_S: async (h) => {
    await exactly(h, STREAM_TIMING.stalledGraceMs, () => expect(h.reported).toBe('stalled'));
  },
  PULL_FAILS: (h) => h.end(false),
  NOT_A_VIDEO: (h) => h.end(true),
  WAIT_BACKOFF: async (h) => {
    const pulls = h.pulls.length;
    await exactly(h, backoffMs(h.snapshot.context.attempts), () => expect(h.pulls).toHaveLength(pulls));
    expect(h.pulls).toHaveLength(pulls + 1);
  },
  WAIT_60_S: async (h) => {
    const pulls = h.pulls.length;
    await exactly(h, STREAM_TIMING.errorRetryMs, () => expect(h.pulls).toHaveLength(pulls));
    expect(h.pulls).toHaveLength(pulls + 1);
  },
  STOP: async (h) => {
    if (!h.actor) h.start();
    await h.send({ type: 'STOP' });
  },
};

function actions(h: StreamHarness) {
  return Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
}

/** A source that dies and comes back twice, once slowly enough to be offline, then a bad stream. */
const JOURNEY = [
  'START', 'DATA', 'PULL_FAILS', 'WAIT_BACKOFF', 'NO_DATA_10_S', 'STILL_NOTHING_2_S', 'WAIT_BACKOFF', 'PULL_FAILS',
  'WAIT_BACKOFF', 'DATA', 'NO_DATA_10_S', 'STILL_NOTHING_2_S', 'WAIT_BACKOFF', 'DATA', 'NOT_A_VIDEO', 'WAIT_60_S', 'DATA',
];

describe('stream machine (model-based)', () => {
  for (const path of coveringPaths(model, reportModel, [JOURNEY])) {
    it(path.description, async () => {
      const h = new StreamHarness(visitedStates, takenTransitions);
      await path.test({ states: checks(h), events: actions(h) as never });
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].sort()).toEqual(allStateIds(streamMachine));
    expect([...takenTransitions].sort()).toEqual(allTransitionKeys(streamMachine));
  });
});

describe('stream machine details', () => {
  it('backs off 1, 2, 4, 8, 16, 30, 30 s while the source stays away, and is offline from the second failure', async () => {
    const h = new StreamHarness(new Set(), new Set());
    h.start();
    await h.send({ type: 'START' });
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      await h.end(false);
      if (i === 0) expect(h.reported).toBe('reconnecting');
      else expect(h.reported).toBe('offline');
      const pulls = h.pulls.length;
      let waited = 0;
      while (h.pulls.length === pulls) {
        await h.advance(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    await h.data();
    expect(h.reported).toBe('live');
    // Back to the start of the sequence after being live.
    await h.end(false);
    expect(h.reported).toBe('reconnecting');
  });

  it('a source gone quiet is reported offline 12 s after its last data, and tried again 1 s later', async () => {
    const h = new StreamHarness(new Set(), new Set());
    h.start();
    await h.send({ type: 'START' });
    await h.data();
    let elapsed = 0;
    while (h.reported !== 'offline') {
      await h.advance(100);
      elapsed += 100;
    }
    expect(elapsed).toBe(STREAM_TIMING.stallMs + STREAM_TIMING.stalledGraceMs);
    const pulls = h.pulls.length;
    await h.advance(1000);
    expect(h.pulls).toHaveLength(pulls + 1);
  });
});
