// The robustness figures as the operator reads them, in both languages: beside the clean accuracy, the accuracy
// after a JPEG q60 re-save and after a 320 px resize, recomputed at the report's threshold from the per-sample
// scores, with the warning past a 10-point drop; a version measured before has a dash, not a made-up figure.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { CompareVersions } from '../../src/screens/training/CompareVersions.tsx';
import { RobustnessPanel } from '../../src/screens/training/RobustnessPanel.tsx';
import type { TrainReport } from '../../src/screens/training/trainingApi.ts';
import type { TrainVersionDetail } from '../../src/screens/training/versionsApi.ts';

const average = { precision: 1, recall: 1, 'f1-score': 1, support: 4 };
const report = (robust: boolean): TrainReport => ({
  method: 'leaveOneOut',
  folds: 4,
  threshold: 0.5,
  accuracy: 1,
  logLoss: 0.1,
  averagePrecision: 1,
  perClass: [],
  macroAvg: average,
  weightedAvg: average,
  confusion: [],
  prCurve: [],
  scores: [
    { id: 1, label: 'positive', score: 0.9, ...(robust ? { jpeg60: 0.8, resize320: 0.9 } : {}) },
    { id: 2, label: 'positive', score: 0.7, ...(robust ? { jpeg60: 0.3, resize320: 0.7 } : {}) },
    { id: 3, label: 'negative', score: 0.2, ...(robust ? { jpeg60: 0.6, resize320: 0.2 } : {}) },
    { id: 4, label: 'negative', score: 0.1, ...(robust ? { jpeg60: 0.1, resize320: 0.1 } : {}) },
  ],
  extractor: 'mobilenet_v2-nsfwjs-4.4.0/frozen384',
  extractorHash: 'x',
  featureDim: 384,
  trainMs: 10,
  ...(robust
    ? {
        seed: 12345,
        augmentation: { copies: 4, flip: true, images: 16 },
        robustness: { jpeg60: { accuracy: 0.5, averagePrecision: 0.75 }, resize320: { accuracy: 1, averagePrecision: 1 }, accuracyDrop: 0.5, maxDrop: 0.1, warning: true },
      }
    : {}),
});

const version = (id: number, name: string, r: TrainReport): TrainVersionDetail => ({
  id,
  algorithmId: 1,
  algorithmName: 'a',
  version: name,
  source: 'train',
  modelId: id,
  taskId: id,
  threshold: r.threshold,
  accuracy: r.accuracy,
  averagePrecision: r.averagePrecision,
  robustAccuracy: r.robustness ? 0.5 : null,
  robustWarning: Boolean(r.robustness?.warning),
  positiveCount: 2,
  negativeCount: 2,
  extractor: r.extractor,
  published: false,
  publishedAt: null,
  publishedBy: null,
  createTime: '2026-01-01 00:00:00',
  report: r,
});

beforeAll(async () => {
  await setupI18n('zh-CN', NAMESPACES);
});
afterEach(cleanup);

describe('RobustnessPanel', () => {
  it('shows the three conditions with their figures and the warning (zh, then en)', async () => {
    render(<RobustnessPanel report={report(true)} threshold={0.5} />);
    const panel = screen.getByTestId('robustness');
    expect(within(panel).getByRole('row', { name: /重新保存为 JPEG（质量 60）/ }).textContent).toContain('50.0%');
    expect(within(panel).getByRole('row', { name: /缩放到 320 像素宽/ }).textContent).toContain('100.0%');
    expect(within(panel).getByRole('alert').textContent).toContain('下降 50.0 个百分点');
    expect(panel.textContent).toContain('训练使用了 16 张增强副本');
    expect(panel.textContent).toContain('随机种子 12345');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(within(panel).getByRole('row', { name: /Saved again as JPEG \(quality 60\)/ }).textContent).toContain('50.0%');
    expect(within(panel).getByRole('alert').textContent).toContain('falls by 50.0 points');
    await act(async () => {
      await i18next.changeLanguage('zh-CN');
    });
  });

  it('moves with the threshold, and says when a version was not measured', () => {
    const { rerender } = render(<RobustnessPanel report={report(true)} threshold={0.65} />);
    expect(screen.getByRole('row', { name: /重新保存为 JPEG/ }).textContent).toContain('75.0%');
    rerender(<RobustnessPanel report={report(false)} threshold={0.5} />);
    expect(screen.getByTestId('robustness').textContent).toContain('此版本未测量');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CompareVersions', () => {
  it('lists the robust figures of both versions (a dash for the one measured before) and warns for the fragile one', () => {
    render(<CompareVersions a={version(1, 'train-1', report(false))} b={version(2, 'train-2', report(true))} />);
    const row = screen.getByRole('row', { name: /重新保存为 JPEG（质量 60）后的准确率/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '50.0%', '—']);
    expect(screen.getByTestId('compare-warning-2').textContent).toContain('版本 train-2');
    expect(screen.queryByTestId('compare-warning-1')).toBeNull();
  });
});
