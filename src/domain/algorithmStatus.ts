// Where an algorithm of the warehouse stands in production, as the /algorithmProduction landing shows it, and the
// wizard step "continue" opens: a training queued or running; a published trained version; a trained version not
// yet published; or its dataset still being built (nothing uploaded, or images left to classify, or ready to train).

export type AlgorithmStatus = 'training' | 'published' | 'trained' | 'dataset';

export interface AlgorithmFacts {
  trainState: 0 | 1 | 2 | 3 | null;
  versionCount: number;
  publishedTrainVersion: string | null;
  sampleCount: number;
  unclassifiedCount: number;
}

export function algorithmStatus(a: AlgorithmFacts): AlgorithmStatus {
  if (a.trainState === 0 || a.trainState === 1) return 'training';
  if (a.publishedTrainVersion !== null) return 'published';
  if (a.versionCount > 0) return 'trained';
  return 'dataset';
}

/** The wizard step to continue at (the wizard still checks the step is reachable and falls back if not). */
export function continueStep(a: AlgorithmFacts): 'upload' | 'classify' | 'health' | 'train' | 'evaluate' | 'publish' {
  switch (algorithmStatus(a)) {
    case 'training':
      return 'train';
    case 'published':
      return 'evaluate';
    case 'trained':
      return 'publish';
    case 'dataset':
      if (a.sampleCount === 0) return 'upload';
      return a.unclassifiedCount > 0 ? 'classify' : 'health';
  }
}
