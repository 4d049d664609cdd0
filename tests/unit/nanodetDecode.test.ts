import { describe, expect, it } from 'vitest';
import { decodeNanodet, INPUT_SIZE, type LevelOutput, letterbox, nonMaxSuppression, toInputTensor } from '../../server/ml/detector/nanodet.ts';
import { convertTfGraphToOnnx } from '../../server/ml/detector/tfGraphToOnnx.ts';

/** Outputs with nothing in them: every score 0, flat distributions. */
function emptyLevels(): LevelOutput[] {
  return [8, 16, 32].map((stride) => {
    const cells = (INPUT_SIZE / stride) ** 2;
    return { scores: new Float32Array(cells * 80), distributions: new Float32Array(cells * 44) };
  });
}

/** Puts one object in a cell: score for the class, and each side's distribution peaked at the given bin. */
function plant(level: LevelOutput, cell: number, classIndex: number, score: number, bins: [number, number, number, number]) {
  level.scores[cell * 80 + classIndex] = score;
  bins.forEach((bin, side) => {
    level.distributions[cell * 44 + side * 11 + bin] = 30; // softmax ≈ one-hot at this bin
  });
}

describe('letterbox and input tensor', () => {
  it('fits the image into 416×416, centred, and writes B, G, R planes normalised', () => {
    const box = letterbox(832, 416);
    expect(box).toMatchObject({ scale: 0.5, innerWidth: 416, innerHeight: 208, padX: 0, padY: 104 });
    const rgb = new Uint8Array(416 * 208 * 3);
    rgb[0] = 255; // red of the first pixel
    const t = toInputTensor(rgb, box);
    const plane = 416 * 416;
    const first = 104 * 416;
    expect(t[2 * plane + first]).toBeCloseTo((255 - 123.675) / 58.395, 5); // R is the third plane
    expect(t[first]).toBeCloseTo((0 - 103.53) / 57.375, 5); // B is the first
    expect(t[0]).toBe(0); // padding is the mean colour
  });
});

describe('decodeNanodet', () => {
  it('turns a cell, its class score and its side distributions into a box relative to the original image', () => {
    const levels = emptyLevels();
    const level = levels[1] as LevelOutput; // stride 16, 26×26 cells
    const cell = 10 * 26 + 5; // x 5, y 10 → centre (88, 168) in network pixels
    plant(level, cell, 0, 0.8, [2, 3, 4, 5]); // distances 32, 48, 64, 80
    const frame = letterbox(832, 416); // scale 0.5, padY 104
    const [d, ...rest] = decodeNanodet(levels, frame, 0.1);
    expect(rest).toEqual([]);
    expect(d?.classIndex).toBe(0);
    expect(d?.score).toBeCloseTo(0.8, 5);
    const [x1, y1, x2, y2] = d?.box ?? [];
    expect(x1).toBeCloseTo((88 - 32) / 0.5 / 832, 3);
    expect(y1).toBeCloseTo((168 - 48 - 104) / 0.5 / 416, 3);
    expect(x2).toBeCloseTo((88 + 64) / 0.5 / 832, 3);
    expect(y2).toBeCloseTo((168 + 80 - 104) / 0.5 / 416, 3);
  });

  it('keeps scores at or above the floor only and clips boxes to the image', () => {
    const levels = emptyLevels();
    plant(levels[0] as LevelOutput, 0, 2, 0.09, [1, 1, 1, 1]);
    expect(decodeNanodet(levels, letterbox(416, 416), 0.1)).toEqual([]);
    plant(levels[0] as LevelOutput, 0, 2, 0.5, [10, 10, 10, 10]);
    const [d] = decodeNanodet(levels, letterbox(416, 416), 0.1);
    expect(d?.box[0]).toBe(0);
    expect(d?.box[1]).toBe(0);
  });

  it('suppresses overlapping boxes of one class, keeps overlapping boxes of different classes', () => {
    const a = { classIndex: 0, score: 0.9, box: [0.1, 0.1, 0.5, 0.5] as [number, number, number, number] };
    const b = { classIndex: 0, score: 0.6, box: [0.12, 0.1, 0.52, 0.5] as [number, number, number, number] };
    const c = { classIndex: 67, score: 0.5, box: [0.12, 0.1, 0.52, 0.5] as [number, number, number, number] };
    const far = { classIndex: 0, score: 0.4, box: [0.6, 0.6, 0.9, 0.9] as [number, number, number, number] };
    expect(nonMaxSuppression([b, far, c, a])).toEqual([a, c, far]);
  });
});

describe('convertTfGraphToOnnx', () => {
  it('refuses an operation it does not know, by name', () => {
    const model = {
      format: 'graph-model',
      modelTopology: { node: [{ name: 'x', op: 'Placeholder' }, { name: 'y', op: 'Softplus', input: ['x'] }] },
      weightsManifest: [{ paths: ['w.bin'], weights: [] }],
      signature: { inputs: {}, outputs: {} },
    };
    expect(() => convertTfGraphToOnnx(model, new Uint8Array(0))).toThrow('y: operation Softplus is not supported by the converter');
  });
});
