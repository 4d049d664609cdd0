// The generated labelled training set: deterministic, varied, the fire patch only in positives, every image above
// the §5 16 KB floor, and a zip the browser's §5 check accepts.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { checkZipEntries } from '../../src/domain/trainingZip.ts';
import { renderLabelledScene } from '../../server/media/labelledScene.ts';
import { labelledImage, trainingZip } from '../../scripts/trainingDataset.ts';

const size = { width: 160, height: 120 };
/** Share of pixels that are flame-coloured (red high, blue low). */
const flameShare = (data: Uint8Array) => {
  let hot = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! > 200 && data[i + 2]! < 90 && data[i]! - data[i + 1]! > 40) hot++;
  return hot / (data.length / 3);
};

describe('labelled road scenes', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = renderLabelledScene({ ...size, seed: 5, fire: true });
    expect(renderLabelledScene({ ...size, seed: 5, fire: true }).data).toEqual(a.data);
    expect(renderLabelledScene({ ...size, seed: 6, fire: true }).data).not.toEqual(a.data);
  });

  it('draws the fire patch in positives only, under varied light and viewpoint', () => {
    const lights = new Set<string>();
    const mirrored = new Set<boolean>();
    for (let seed = 1; seed <= 24; seed++) {
      const positive = renderLabelledScene({ ...size, seed, fire: true });
      const negative = renderLabelledScene({ ...size, seed, fire: false });
      expect(positive.fireBox).not.toBeNull();
      expect(negative.fireBox).toBeNull();
      if (positive.light !== 'night') expect(flameShare(positive.data), `seed ${seed}`).toBeGreaterThan(flameShare(negative.data));
      lights.add(positive.light);
      mirrored.add(positive.mirrored);
    }
    expect(lights.size).toBeGreaterThanOrEqual(3);
    expect(mirrored.size).toBe(2);
  });

  it('keeps every image above 16 KB, and writes a zip in the §5 layout', async () => {
    for (let seed = 1; seed <= 6; seed++) expect(labelledImage(seed, seed % 2 === 0).byteLength).toBeGreaterThan(16 * 1024);
    const bytes = await trainingZip({ name: 'fire_smoke', positive: 4, negative: 4, seed: 3 });
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.values(zip.files).filter((f) => !f.dir);
    const entries = await Promise.all(files.map(async (f) => {
      const content = await f.async('uint8array');
      return { path: f.name, size: content.byteLength, head: content.subarray(0, 16) };
    }));
    const report = checkZipEntries('fire_smoke.zip', [], entries, { total: 0, positive: 0, negative: 0, unclassified: 0 });
    expect(report).toMatchObject({ ok: true, counts: { positive: 4, negative: 4 } });
  });
});
