// The training wizard machine with the server's calls, and its step kept in the URL (?algorithmId=&step=): a
// reload or a shared link opens the same step of the same dataset.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { jobProgressMachine } from '../../machines/jobProgress.machine.ts';
import { type MutateRequest, trainingMachine, WIZARD_STEPS, type WizardStep } from '../../machines/training.machine.ts';
import * as server from './trainingApi.ts';
import { publishModel } from './versionsApi.ts';

/** The step a machine state shows. */
export function stepOfState(value: unknown, published: boolean): WizardStep | null {
  const state = typeof value === 'string' ? value : Object.values(value as Record<string, string>)[0]!;
  switch (state) {
    case 'upload':
    case 'uploading':
      return 'upload';
    case 'classify':
    case 'classifyMutating':
      return 'classify';
    case 'health':
    case 'healthMutating':
      return 'health';
    case 'startingTraining':
    case 'trainingRunning':
    case 'cancellingTraining':
    case 'trainingFailed':
      return 'train';
    case 'report':
      return 'evaluate';
    case 'validate':
    case 'validating':
    case 'publishing':
      return published ? 'publish' : 'validate';
    default:
      return null;
  }
}

export function parseStep(value: string | null): WizardStep {
  return WIZARD_STEPS.includes(value as WizardStep) ? (value as WizardStep) : 'upload';
}

export function useTrainingWizard(algorithmId: number) {
  const [params, setParams] = useSearchParams();
  const machine = useMemo(
    () =>
      trainingMachine.provide({
        actors: {
          loadDataset: fromPromise(({ input }) => server.loadDataset(input.algorithmId)),
          upload: fromPromise(({ input }) => {
            const [first] = input.files;
            return input.files.length === 1 && first && /\.zip$/i.test(first.name) ? server.uploadZip(input.algorithmId, first) : server.uploadImages(input.algorithmId, input.files);
          }),
          mutate: fromPromise(({ input }: { input: MutateRequest }) =>
            input.kind === 'classify' ? server.classifySamples(input.ids, input.label) : server.deleteSamples(algorithmId, input.ids),
          ),
          startTraining: fromPromise(({ input }) => server.startTraining(input.algorithmId)),
          cancelTraining: fromPromise(({ input }) => server.cancelTraining(input.taskId)),
          validate: fromPromise(({ input }) => server.validateImages(input.modelId, input.files)),
          publish: fromPromise(({ input }) => publishModel(algorithmId, input.modelId)),
          trainProgress: jobProgressMachine.provide({ actors: { poll: fromPromise(({ input }) => server.pollTraining(input.taskId)) } }),
        },
      }),
    [algorithmId],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { algorithmId, step: parseStep(params.get('step')) } });
  const step = stepOfState(snapshot.value, snapshot.context.published);

  useEffect(() => {
    if (!step || params.get('step') === step) return;
    const next = new URLSearchParams(params);
    next.set('step', step);
    setParams(next, { replace: true });
  }, [step, params, setParams]);

  return { snapshot, send, actor, step };
}
