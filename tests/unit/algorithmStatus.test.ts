// The landing's status of an algorithm and the wizard step "continue" opens, for every combination that matters.
import { describe, expect, it } from 'vitest';
import { type AlgorithmFacts, algorithmStatus, continueStep } from '../../src/domain/algorithmStatus.ts';

const base: AlgorithmFacts = { trainState: null, versionCount: 0, publishedTrainVersion: null, sampleCount: 0, unclassifiedCount: 0 };

describe('algorithmStatus and continueStep', () => {
  it('a dataset in progress: upload when empty, classify while images are unclassified, health check when all are', () => {
    expect([algorithmStatus(base), continueStep(base)]).toEqual(['dataset', 'upload']);
    expect(continueStep({ ...base, sampleCount: 12, unclassifiedCount: 3 })).toBe('classify');
    expect(continueStep({ ...base, sampleCount: 12 })).toBe('health');
    // A failed or cancelled training made no version: still the dataset.
    expect(algorithmStatus({ ...base, sampleCount: 12, trainState: 3 })).toBe('dataset');
  });

  it('a queued or running training wins over everything else', () => {
    for (const trainState of [0, 1] as const) {
      const facts = { ...base, trainState, versionCount: 2, publishedTrainVersion: 'train-1', sampleCount: 20 };
      expect([algorithmStatus(facts), continueStep(facts)]).toEqual(['training', 'train']);
    }
  });

  it('trained but not published goes to publish; published reopens the report', () => {
    const trained = { ...base, trainState: 2 as const, versionCount: 1, sampleCount: 20 };
    expect([algorithmStatus(trained), continueStep(trained)]).toEqual(['trained', 'publish']);
    const published = { ...trained, publishedTrainVersion: 'train-1' };
    expect([algorithmStatus(published), continueStep(published)]).toEqual(['published', 'evaluate']);
  });
});
