// Model-based test of the training wizard: a model of what the operator sees (the step, and whether the dataset is
// sorted) generates paths through every transition; each drives the production machine with a fake server and a
// simulated clock (training progress is polled; a finished training carries its report), and checks the step, the §5 refusals (nothing sent
// to the server when a rule refuses) and what each call sent. The URL's step, a training found running and the
// 1000-per-algorithm rule are separate cases; the last test checks every state and transition was taken.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { coveringPaths } from './support/coveringPaths.ts';
import { canReach, type MutateRequest } from '../../src/machines/training.machine.ts';
import { allStateIds, allTransitionKeys, images, settle, TrainingHarness, takenTransitions, visitedStates } from './trainingHarness.ts';

const userModel = createMachine({
  id: 'wizard',
  initial: 'loading',
  states: {
    loading: { on: { LOAD_EMPTY: 'upload', LOAD_FAILS: 'loadFailed' } },
    loadFailed: { on: { RETRY_EMPTY: 'upload' } },
    upload: { on: { UPLOAD_NONE: 'upload', UPLOAD_TOO_MANY: 'upload', UPLOAD_FAILS: 'upload', NEXT_BLOCKED: 'upload', GOTO_CLASSIFY_BLOCKED: 'upload', UPLOAD_OK: 'classifyUnsorted' } },
    uploadMore: { on: { UPLOAD_OK: 'classifyUnsorted', NEXT: 'classifyUnsorted', GOTO_HEALTH: 'healthUnsorted', DISMISS: 'uploadMore' } },
    classifyUnsorted: { on: { CLASSIFY_FAILS: 'classifyUnsorted', NEXT: 'healthUnsorted', GOTO_UPLOAD: 'uploadMore', CLASSIFY_ALL: 'classifySorted' } },
    healthUnsorted: { on: { TRAIN_REFUSED: 'healthUnsorted', GOTO_CLASSIFY: 'classifyUnsorted', HEALTH_CLASSIFY_ALL: 'healthSorted' } },
    classifySorted: { on: { DELETE_ONE: 'classifySorted', DELETE_FAILS: 'classifySorted', NEXT: 'healthSorted' } },
    healthSorted: { on: { REMOVE_DUPLICATE: 'healthSorted', HEALTH_DELETE_FAILS: 'healthSorted', TRAIN_START_FAILS: 'healthSorted', TRAIN_OK: 'training' } },
    training: { on: { PROGRESS: 'training', TRAINING_DONE: 'report', TRAINING_FAILS: 'trainingFailed', CANCEL_OK: 'healthSorted', CANCEL_REFUSED: 'training' } },
    trainingFailed: { on: { RETRAIN: 'training', GOTO_HEALTH: 'healthSorted' } },
    report: { on: { NEXT: 'validate', GOTO_VALIDATE: 'validate', GOTO_PUBLISH: 'validate', GOTO_HEALTH: 'healthSorted', SET_THRESHOLD: 'reportMoved' } },
    reportMoved: { on: { SAVE_THRESHOLD_FAILS: 'reportMoved', NEXT_SAVES_THRESHOLD: 'validateAtChosen', GOTO_VALIDATE_SAVES_THRESHOLD: 'validateAtChosen' } },
    validateAtChosen: { on: { VALIDATE_AT_CHOSEN: 'validate' } },
    validate: {
      on: { VALIDATE_TOO_MANY: 'validate', VALIDATE_OK: 'validate', VALIDATE_FAILS: 'validate', PUBLISH_FAILS: 'validate', GOTO_EVALUATE: 'report', PUBLISH_OK: 'published' },
    },
    published: {},
  },
});
const model = createTestModel(userModel);

const REPORT = { accuracy: 0.9 };
type H = TrainingHarness;
const mutate = async (h: H) => h.answer('mutate', h.applyMutation(h.lastInput('mutate') as MutateRequest));
const refused = async (h: H, code: string) => {
  await settle();
  expect(h.context.refusal?.code).toBe(code);
};
const failWith = async (h: H, kind: Parameters<H['fail']>[0], text: string) => {
  await h.fail(kind, new Error(text));
  expect(h.context.error).toBe(text);
};
const poll = (h: H, state: 0 | 1 | 2 | 3, detail: unknown, text = '') => h.answer('poll', { state, progress: state === 2 ? 100 : 40, message: text, detail });
const noCallAfter = async (h: H, send: () => void) => {
  const before = h.calls.length;
  send();
  await settle();
  expect(h.calls.length).toBe(before);
};

const performers: Record<string, (h: H) => Promise<void>> = {
  LOAD_EMPTY: (h) => h.load(),
  LOAD_FAILS: (h) => failWith(h, 'loadDataset', 'server unavailable'),
  RETRY_EMPTY: async (h) => {
    h.send({ type: 'RETRY' });
    await h.load();
  },
  UPLOAD_NONE: async (h) => {
    await noCallAfter(h, () => h.send({ type: 'UPLOAD', files: [] }));
    await refused(h, 'noFiles');
  },
  UPLOAD_TOO_MANY: async (h) => {
    await noCallAfter(h, () => h.send({ type: 'UPLOAD', files: images(101) }));
    expect(h.context.refusal).toEqual({ code: 'perUpload', count: 101, limit: 100 });
  },
  UPLOAD_FAILS: async (h) => {
    h.send({ type: 'UPLOAD', files: images(3) });
    await failWith(h, 'upload', 'img1.jpg is under 16 KB');
  },
  UPLOAD_OK: async (h) => {
    h.send({ type: 'UPLOAD', files: images(10) });
    expect((h.lastInput('upload') as { algorithmId: number; files: File[] }).files).toHaveLength(10);
    h.counts = { ...h.counts, total: h.counts.total + 10, unclassified: h.counts.unclassified + 10 };
    await h.answer('upload', h.counts);
  },
  NEXT_BLOCKED: (h) => noCallAfter(h, () => h.send({ type: 'NEXT' })),
  NEXT: async (h) => h.send({ type: 'NEXT' }),
  DISMISS: async (h) => {
    h.send({ type: 'DISMISS' });
    expect(h.context.refusal).toBeNull();
  },
  GOTO_CLASSIFY_BLOCKED: async (h) => h.send({ type: 'GOTO', step: 'classify' }),
  GOTO_UPLOAD: async (h) => h.send({ type: 'GOTO', step: 'upload' }),
  GOTO_CLASSIFY: async (h) => h.send({ type: 'GOTO', step: 'classify' }),
  GOTO_HEALTH: async (h) => h.send({ type: 'GOTO', step: 'health' }),
  GOTO_EVALUATE: async (h) => h.send({ type: 'GOTO', step: 'evaluate' }),
  GOTO_VALIDATE: async (h) => h.send({ type: 'GOTO', step: 'validate' }),
  GOTO_PUBLISH: async (h) => h.send({ type: 'GOTO', step: 'publish' }),
  CLASSIFY_FAILS: async (h) => {
    h.send({ type: 'CLASSIFY', ids: [1], label: 'positive' });
    await failWith(h, 'mutate', 'training running');
  },
  CLASSIFY_ALL: async (h) => {
    h.send({ type: 'CLASSIFY', ids: [1, 2, 3], label: 'positive' });
    expect(h.lastInput('mutate')).toEqual({ kind: 'classify', ids: [1, 2, 3], label: 'positive' });
    await mutate(h);
  },
  HEALTH_CLASSIFY_ALL: async (h) => {
    h.send({ type: 'CLASSIFY', ids: [4], label: 'negative' });
    await mutate(h);
  },
  TRAIN_REFUSED: async (h) => {
    await noCallAfter(h, () => h.send({ type: 'TRAIN' }));
    await refused(h, 'unclassified');
  },
  DELETE_ONE: async (h) => {
    h.send({ type: 'DELETE', ids: [5] });
    expect(h.lastInput('mutate')).toEqual({ kind: 'delete', ids: [5] });
    await mutate(h);
  },
  DELETE_FAILS: async (h) => {
    h.send({ type: 'DELETE', ids: [5] });
    await failWith(h, 'mutate', 'unknown id');
  },
  REMOVE_DUPLICATE: async (h) => {
    h.send({ type: 'DELETE', ids: [6] });
    await mutate(h);
  },
  HEALTH_DELETE_FAILS: async (h) => {
    h.send({ type: 'DELETE', ids: [6] });
    await failWith(h, 'mutate', 'unknown id');
  },
  TRAIN_START_FAILS: async (h) => {
    h.send({ type: 'TRAIN' });
    await failWith(h, 'startTraining', 'a training is already running');
  },
  TRAIN_OK: async (h) => {
    h.send({ type: 'TRAIN' });
    expect(h.lastInput('startTraining')).toEqual({ algorithmId: 3 });
    await h.answer('startTraining', { taskId: 31 });
    expect(h.lastInput('poll')).toEqual({ taskId: 31 });
  },
  RETRAIN: async (h) => {
    h.send({ type: 'TRAIN' });
    await h.answer('startTraining', { taskId: 32 });
  },
  PROGRESS: async (h) => {
    await poll(h, 1, { modelId: null });
    await h.nextPoll();
  },
  TRAINING_DONE: async (h) => {
    await poll(h, 2, { modelId: 9, report: REPORT });
    expect(h.context).toMatchObject({ modelId: 9, report: REPORT, trainTaskId: null });
  },
  TRAINING_FAILS: async (h) => {
    await poll(h, 3, null, 'worker crashed');
    expect(h.context.error).toBe('worker crashed');
  },
  CANCEL_OK: async (h) => {
    const taskId = h.context.trainTaskId;
    h.send({ type: 'CANCEL' });
    expect(h.lastInput('cancelTraining')).toEqual({ taskId });
    await h.answer('cancelTraining', undefined);
    expect(h.context.trainTaskId).toBeNull();
  },
  CANCEL_REFUSED: async (h) => {
    h.send({ type: 'CANCEL' });
    await h.fail('cancelTraining', new Error('already finished'));
    expect(h.context.error).toBe('already finished');
    // Watching again: a fresh poll of the same task.
    expect(h.lastInput('poll')).toEqual({ taskId: h.context.trainTaskId });
  },
  VALIDATE_TOO_MANY: async (h) => {
    await noCallAfter(h, () => h.send({ type: 'VALIDATE', files: images(11) }));
    expect(h.context.refusal).toEqual({ code: 'validationCount', count: 11, limit: 10 });
  },
  VALIDATE_OK: async (h) => {
    h.send({ type: 'VALIDATE', files: images(10) });
    expect(h.lastInput('validate')).toMatchObject({ modelId: 9 });
    await h.answer('validate', [{ score: 0.8 }]);
    expect(h.context.validation).toEqual([{ score: 0.8 }]);
  },
  VALIDATE_FAILS: async (h) => {
    h.send({ type: 'VALIDATE', files: images(1) });
    await failWith(h, 'validate', 'not an image');
  },
  SET_THRESHOLD: async (h) => {
    await noCallAfter(h, () => h.send({ type: 'SET_THRESHOLD', threshold: 0.9 }));
    expect(h.context.pendingThreshold).toBe(0.9);
  },
  SAVE_THRESHOLD_FAILS: async (h) => {
    h.send({ type: 'NEXT' });
    await failWith(h, 'saveThreshold', 'version already published');
  },
  NEXT_SAVES_THRESHOLD: async (h) => {
    h.send({ type: 'NEXT' });
    expect(h.lastInput('saveThreshold')).toEqual({ modelId: 9, threshold: 0.9 });
    await h.answer('saveThreshold', undefined);
  },
  GOTO_VALIDATE_SAVES_THRESHOLD: async (h) => {
    h.send({ type: 'GOTO', step: 'validate' });
    expect(h.lastInput('saveThreshold')).toEqual({ modelId: 9, threshold: 0.9 });
    await h.answer('saveThreshold', undefined);
  },
  // The server decides against the version's saved threshold: the answer says 0.9.
  VALIDATE_AT_CHOSEN: async (h) => {
    h.send({ type: 'VALIDATE', files: images(2) });
    await h.answer('validate', { threshold: 0.9, files: [] });
    expect(h.context.validation).toEqual({ threshold: 0.9, files: [] });
  },
  PUBLISH_OK: async (h) => {
    h.send({ type: 'PUBLISH' });
    await h.answer('publish', { published: true });
  },
  PUBLISH_FAILS: async (h) => {
    h.send({ type: 'PUBLISH' });
    await failWith(h, 'publish', 'version already published');
  },
};

function checks(h: H) {
  const at = (state: string, extra?: () => void) => () => {
    expect(h.state).toBe(state);
    extra?.();
  };
  const sorted = () => expect(h.context.counts.unclassified).toBe(0);
  return {
    loading: at('"loading"'),
    loadFailed: at('"loadFailed"', () => expect(h.context.error).toBe('server unavailable')),
    upload: at('{"steps":"upload"}', () => expect(h.context.counts.total).toBe(0)),
    uploadMore: at('{"steps":"upload"}', () => expect(h.context.counts.total).toBeGreaterThan(0)),
    classifyUnsorted: at('{"steps":"classify"}', () => expect(h.context.counts.unclassified).toBeGreaterThan(0)),
    healthUnsorted: at('{"steps":"health"}', () => expect(h.context.counts.unclassified).toBeGreaterThan(0)),
    classifySorted: at('{"steps":"classify"}', sorted),
    healthSorted: at('{"steps":"health"}', sorted),
    training: at('"trainingRunning"'),
    trainingFailed: at('{"steps":"trainingFailed"}'),
    report: at('{"steps":"report"}', () => expect(h.context.pendingThreshold).toBeNull()),
    reportMoved: at('{"steps":"report"}', () => expect(h.context.pendingThreshold).toBe(0.9)),
    validateAtChosen: at('{"steps":"validate"}', () => expect(h.context).toMatchObject({ savedThreshold: 0.9, pendingThreshold: null, validation: null })),
    validate: at('{"steps":"validate"}', () => expect(h.context.published).toBe(false)),
    published: at('{"steps":"validate"}', () => expect(h.context.published).toBe(true)),
  };
}


describe('training wizard machine (model-based)', () => {
  for (const path of coveringPaths(model, userModel)) {
    it(path.description, async () => {
      const h = new TrainingHarness();
      const events = Object.fromEntries(Object.entries(performers).map(([type, perform]) => [type, () => perform(h)]));
      await path.test({ states: checks(h), events: events as never });
      h.actor.stop();
    });
  }

  const sorted = { total: 10, positive: 5, negative: 5, unclassified: 0 };
  const trained = { counts: sorted, modelId: 9, report: REPORT };
  for (const [step, dataset, expected] of [
    ['validate', trained, '{"steps":"validate"}'],
    ['publish', trained, '{"steps":"validate"}'],
    ['evaluate', trained, '{"steps":"report"}'],
    ['health', { counts: sorted }, '{"steps":"health"}'],
    ['validate', { counts: sorted }, '{"steps":"classify"}'],
    ['classify', {}, '{"steps":"upload"}'],
    ['upload', { counts: sorted, trainTaskId: 31 }, '"trainingRunning"'],
  ] as const) {
    it(`opens ${JSON.stringify(dataset)} at step ${step} as ${expected} (a link or a reload)`, async () => {
      const h = new TrainingHarness({ algorithmId: 3, step });
      await h.load(dataset);
      expect(h.state).toBe(expected);
      h.actor.stop();
    });
  }

  it('refuses an upload that would take the algorithm past 1000 images, sending nothing', async () => {
    const h = new TrainingHarness();
    await h.load({ counts: { total: 950, positive: 500, negative: 450, unclassified: 0 } });
    h.send({ type: 'GOTO', step: 'upload' });
    await noCallAfter(h, () => h.send({ type: 'UPLOAD', files: images(60) }));
    expect(h.context.refusal).toEqual({ code: 'perAlgorithm', total: 950, adding: 60, limit: 1000 });
    // A zip counts the images it holds, not the one file.
    await noCallAfter(h, () => h.send({ type: 'UPLOAD', files: images(1), count: 51 }));
    expect(h.context.refusal).toEqual({ code: 'perAlgorithm', total: 950, adding: 51, limit: 1000 });
    h.actor.stop();
  });

  for (const [counts, code] of [
    [{ total: 8, positive: 3, negative: 5, unclassified: 0 }, 'tooFewPositive'],
    [{ total: 8, positive: 5, negative: 3, unclassified: 0 }, 'tooFewNegative'],
  ] as const) {
    it(`refuses training with ${counts.positive} positive and ${counts.negative} negative samples (${code}), sending nothing`, async () => {
      const h = new TrainingHarness({ algorithmId: 3, step: 'health' });
      await h.load({ counts });
      await noCallAfter(h, () => h.send({ type: 'TRAIN' }));
      expect(h.context.refusal).toEqual({ code, count: 3, min: 4 });
      expect(canReach('validate', h.context)).toBe(false);
      h.actor.stop();
    });
  }

  it('exercised every state and every transition of the production machine', () => {
    expect([...visitedStates].filter((id) => !id.startsWith('jobProgress')).sort()).toEqual(allStateIds());
    const taken = [...takenTransitions].filter((key) => !key.startsWith('jobProgress'));
    expect(taken.sort()).toEqual(allTransitionKeys());
  });
});
