// The feature extractor's conversion (Keras layers of nsfwjs 4.4.0 → ONNX: dequantised, batch norm folded) is
// checked against the package's own classifier: with the package's head converted too, a drawn icon comes out as
// "Drawing" and photos of people at a desk as "Neutral" — a wrong dequantisation or fold gives no such answers.
// Then the embedding itself: 384 numbers, the same for the same image, different for different ones.
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { convertKerasToOnnx, type KerasLayersModel } from '../../server/ml/features/kerasToOnnx.ts';
import { FEATURE_MODEL_DIR } from '../../server/ml/features/model.ts';
import { closeFeatures, embed, FEATURE_INFO } from '../../server/ml/features.ts';
import { REAL_PHOTO_DIR, readRealPhoto } from '../support/realPhotos.ts';
import { drawSample } from './support/trainImages.ts';

const CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'];

afterAll(() => closeFeatures());

async function classify(session: ort.InferenceSession, inputName: string, image: Buffer) {
  const { data } = await sharp(image).removeAlpha().resize(224, 224, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const plane = 224 * 224;
  const x = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) for (let c = 0; c < 3; c++) x[c * plane + p] = (data[p * 3 + c] as number) / 255;
  const out = await session.run({ [inputName]: new ort.Tensor('float32', x, [1, 3, 224, 224]) });
  const probabilities = Array.from(out.classes?.data as Float32Array);
  return { probabilities, top: CLASSES[probabilities.indexOf(Math.max(...probabilities))] };
}

describe('feature extractor', () => {
  it('converts the package network faithfully: its own head names a drawing and photos as the package would', async () => {
    const model = JSON.parse(readFileSync(`${FEATURE_MODEL_DIR}mobilenet_v2.json`, 'utf8')) as KerasLayersModel;
    const converted = convertKerasToOnnx(model, readFileSync(`${FEATURE_MODEL_DIR}mobilenet_v2.bin`), [{ layer: 'dense_3', output: 'classes', raw: true }]);
    const session = await ort.InferenceSession.create(converted.onnx);
    const icon = await classify(session, converted.inputName, readFileSync(`${REAL_PHOTO_DIR}icon.png`));
    expect(icon.top).toBe('Drawing');
    expect(icon.probabilities[0]).toBeGreaterThan(0.8);
    const office = await classify(session, converted.inputName, readRealPhoto('office'));
    expect(office.top).toBe('Neutral');
    expect(office.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    await session.release();
  });

  it('embeds an image as 384 numbers, the same each time, different for another image', async () => {
    const a = await drawSample({ positive: true, seed: 1 });
    const b = await drawSample({ positive: false, seed: 2 });
    const [first, again, other] = [await embed(a), await embed(a), await embed(b)];
    expect(first.vector).toHaveLength(384);
    expect(FEATURE_INFO).toMatchObject({ name: 'mobilenet_v2-nsfwjs-4.4.0/frozen384', inputSize: 224, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(Array.from(again.vector)).toEqual(Array.from(first.vector));
    expect(Array.from(other.vector)).not.toEqual(Array.from(first.vector));
    expect(first.vector.some((v) => v > 0)).toBe(true);
  });
});
