// The training wizard machine with the server's calls, and its step kept in the URL (?algorithmId=&step=): a
// reload or a shared link opens the same step of the same dataset. An upload reports its bytes sent and can be
// cancelled (the machine then returns to the upload step with the cancel named).
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UploadProgress } from '../../api/progressFetch.ts';
import { fromPromise } from 'xstate';
import { jobProgressMachine } from '../../machines/jobProgress.machine.ts';
import { type MutateRequest, trainingMachine, WIZARD_STEPS, type WizardStep } from '../../machines/training.machine.ts';
import * as server from './trainingApi.ts';
import { DEFAULT_AUGMENTATION } from './AugmentationControls.tsx';
import { publishModel, saveVersionThreshold } from './versionsApi.ts';

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
    case 'savingThreshold':
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

export function useTrainingWizard(algorithmId: number, texts: { cancelled: string }) {
  const [params, setParams] = useSearchParams();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const uploadRef = useRef<AbortController | null>(null);
  // The augmentation the next training uses (chosen beside Train; the machine's TRAIN event carries no settings).
  const [augmentation, setAugmentation] = useState(DEFAULT_AUGMENTATION);
  const augmentationRef = useRef(augmentation);
  augmentationRef.current = augmentation;
  const machine = useMemo(
    () =>
      trainingMachine.provide({
        actors: {
          loadDataset: fromPromise(({ input }) => server.loadDataset(input.algorithmId)),
          upload: fromPromise(async ({ input }) => {
            const [first] = input.files;
            const controller = new AbortController();
            uploadRef.current = controller;
            setProgress({ loaded: 0, total: input.files.reduce((sum, f) => sum + f.size, 0) });
            const watch = { onProgress: setProgress, signal: controller.signal };
            try {
              return await (input.files.length === 1 && first && /\.zip$/i.test(first.name)
                ? server.uploadZip(input.algorithmId, first, watch)
                : server.uploadImages(input.algorithmId, input.files, watch));
            } catch (error) {
              // A cancel is the operator's, not a failure of the server: it is named as such.
              if (controller.signal.aborted) throw new Error(texts.cancelled);
              throw error;
            } finally {
              uploadRef.current = null;
              setProgress(null);
            }
          }),
          mutate: fromPromise(({ input }: { input: MutateRequest }) =>
            input.kind === 'classify' ? server.classifySamples(input.ids, input.label) : server.deleteSamples(algorithmId, input.ids),
          ),
          startTraining: fromPromise(({ input }) => server.startTraining(input.algorithmId, augmentationRef.current)),
          cancelTraining: fromPromise(({ input }) => server.cancelTraining(input.taskId)),
          validate: fromPromise(({ input }) => server.validateImages(input.modelId, input.files)),
          saveThreshold: fromPromise(({ input }) => saveVersionThreshold(algorithmId, input.modelId, input.threshold)),
          publish: fromPromise(({ input }) => publishModel(algorithmId, input.modelId)),
          trainProgress: jobProgressMachine.provide({ actors: { poll: fromPromise(({ input }) => server.pollTraining(input.taskId)) } }),
        },
      }),
    [algorithmId, texts.cancelled],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { algorithmId, step: parseStep(params.get('step')) } });
  const step = stepOfState(snapshot.value, snapshot.context.published);

  useEffect(() => {
    if (!step || params.get('step') === step) return;
    const next = new URLSearchParams(params);
    next.set('step', step);
    setParams(next, { replace: true });
  }, [step, params, setParams]);

  const cancelUpload = useCallback(() => uploadRef.current?.abort(), []);
  return { snapshot, send, actor, step, progress, cancelUpload, augmentation, setAugmentation };
}
