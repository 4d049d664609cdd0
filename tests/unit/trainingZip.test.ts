// The §5 zip check's pure part: layout (outer folder named like the zip, positive and negative inside), per-file
// problems (name, size, content), counts against the per-upload and per-algorithm limits.
import { describe, expect, it } from 'vitest';
import { checkZipEntries, isIgnoredEntry, zipNameOf } from '../../src/domain/trainingZip.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT = new TextEncoder().encode('not an image at all');
const empty = { total: 0, positive: 0, negative: 0, unclassified: 0 };
const image = (path: string, size = 20_000, head = JPEG) => ({ path, size, head });
const set = (root: string, positive: number, negative: number) => [
  ...Array.from({ length: positive }, (_, i) => image(`${root}/positive/p${i}.jpg`)),
  ...Array.from({ length: negative }, (_, i) => image(`${root}/negative/n${i}.png`, 30_000, PNG)),
];

describe('training zip check (spec §5)', () => {
  it('accepts the §5 layout and counts each class', () => {
    const report = checkZipEntries('fire.zip', ['fire/', 'fire/positive/', 'fire/negative/'], set('fire', 5, 4), empty);
    expect(report).toMatchObject({ zipName: 'fire', layout: [], counts: { positive: 5, negative: 4 }, refusal: null, fewPerClass: false, ok: true });
    expect(report.files.every((f) => f.problems.length === 0)).toBe(true);
  });

  it('names the outer folder when it is not named like the zip', () => {
    const report = checkZipEntries('fire.zip', [], set('smoke', 4, 4), empty);
    expect(report.layout).toEqual([
      { code: 'outerFolder', zipName: 'fire' },
      { code: 'missingFolder', folder: 'positive' },
      { code: 'missingFolder', folder: 'negative' },
    ]);
    expect(report.files[0]!.problems).toEqual(['outsideClasses']);
    expect(report.ok).toBe(false);
  });

  it('names a missing class folder, and sees an empty one', () => {
    expect(checkZipEntries('fire.zip', [], set('fire', 4, 0), empty).layout).toEqual([{ code: 'missingFolder', folder: 'negative' }]);
    const withEmpty = checkZipEntries('fire.zip', ['fire/negative/'], set('fire', 4, 0), empty);
    expect(withEmpty.layout).toEqual([]);
    expect(withEmpty.fewPerClass).toBe(true);
  });

  it('reports each file: Chinese name, under 16 KB, not an image by content (a renamed text file)', () => {
    const entries = [...set('fire', 4, 4), image('fire/positive/火.jpg'), image('fire/positive/small.jpg', 15 * 1024), image('fire/negative/notes.jpg', 20_000, TEXT)];
    const report = checkZipEntries('fire.zip', [], entries, empty);
    expect(report.files.filter((f) => f.problems.length > 0).map((f) => [f.path, f.problems])).toEqual([
      ['fire/positive/火.jpg', ['chineseName']],
      ['fire/positive/small.jpg', ['tooSmall']],
      ['fire/negative/notes.jpg', ['notImage']],
    ]);
    expect(report.ok).toBe(false);
  });

  it('refuses a Chinese zip name, more than 100 images, or passing 1000 for the algorithm', () => {
    expect(checkZipEntries('火灾.zip', [], set('火灾', 4, 4), empty).layout).toContainEqual({ code: 'chineseZipName', zipName: '火灾' });
    expect(checkZipEntries('fire.zip', [], set('fire', 51, 50), empty).refusal).toEqual({ code: 'perUpload', count: 101, limit: 100 });
    const near = { total: 995, positive: 500, negative: 495, unclassified: 0 };
    expect(checkZipEntries('fire.zip', [], set('fire', 4, 4), near).refusal).toEqual({ code: 'perAlgorithm', total: 995, adding: 8, limit: 1000 });
  });

  it('ignores macOS metadata and files nested deeper than the class folder', () => {
    expect(isIgnoredEntry('__MACOSX/fire/positive/._p0.jpg')).toBe(true);
    expect(isIgnoredEntry('fire/.DS_Store')).toBe(true);
    const report = checkZipEntries('fire.zip', [], [...set('fire', 4, 4), image('__MACOSX/fire/._x.jpg', 100, TEXT), image('fire/positive/sub/deep.jpg')], empty);
    expect(report.files).toHaveLength(9);
    expect(report.files.at(-1)!.problems).toEqual(['outsideClasses']);
    expect(zipNameOf('Fire.ZIP')).toBe('Fire');
  });
});
