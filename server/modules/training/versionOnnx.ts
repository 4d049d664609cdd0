// A trained version as one portable ONNX model (contract: exportTrainVersionOnnx) for users who run their models
// elsewhere: model.onnx (extractor + standardisation + linear head + sigmoid, built in the ML worker:
// server/ml/features/portableExport.ts) and a README of its input, output and threshold, in one zip.
import JSZip from 'jszip';
import { FileReply, type HandlerMap } from '../../http/handler.ts';
import { exportOnnx } from '../../ml/features.ts';
import { FEATURE_INPUT_SIZE } from '../../ml/features/model.ts';
import { PORTABLE_INPUT, PORTABLE_OUTPUT } from '../../ml/features/portableExport.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { readVersion } from './versionHandlers.ts';

export function portableReadme(version: Schema<'TrainVersion'>, extractorHash: string): string {
  const size = FEATURE_INPUT_SIZE;
  return `# ${version.algorithmName} ${version.version}

A binary image classifier trained on Argus (${version.positiveCount} positive and ${version.negativeCount} negative
images; cross-validated accuracy ${(version.accuracy * 100).toFixed(1)} %, average precision ${(version.averagePrecision * 100).toFixed(1)} %${
    version.robustAccuracy === null ? '' : `; accuracy after JPEG q60 / a 320 px resize at least ${(version.robustAccuracy * 100).toFixed(1)} %`
  }).

## model.onnx

One graph, image in, probability out (ONNX opset 18; runs in onnxruntime, e.g. \`onnxruntime-node\`, \`onnxruntime\`
for Python, \`onnxruntime-web\`):

- input \`${PORTABLE_INPUT}\`: float32 \`[N, 3, ${size}, ${size}]\`, RGB channels in that order (NCHW), pixel values
  **0–255** (the graph divides by 255).
- output \`${PORTABLE_OUTPUT}\`: float32 \`[N, 1]\`, the probability that the picture shows the target.
- **Decision threshold: ${version.threshold}** — positive when \`${PORTABLE_OUTPUT} >= ${version.threshold}\`
  (the threshold with the best F1 of the positive class on the cross-validated scores).

Preprocessing outside the graph: turn the picture upright (EXIF orientation), drop alpha, and resize **the whole
picture** to ${size}×${size} without keeping the aspect ratio and without cropping. Argus resizes with
libvips/sharp's Lanczos-3 kernel; another good resampling kernel gives scores within a few thousandths.

Inside the graph: the feature extractor (\`${version.extractor}\`: MobileNetV2 of nsfwjs 4.4.0, MIT, up to block
10, average-pooled to 384 values; weights sha256 \`${extractorHash}\`), the classifier's standardisation
(per-feature mean and deviation), its linear layer and the sigmoid — the same computation Argus runs, in float32.

The threshold, algorithm, version and extractor are also in the model's metadata (\`metadata_props\`).
`;
}

export const versionOnnxHandlers: HandlerMap = {
  async exportTrainVersionOnnx({ db, params }: Ctx<'exportTrainVersionOnnx'>) {
    const id = Number(params.id);
    const version = await readVersion(db, id);
    const row = await db.selectFrom('trainVersions').select(['classifier', 'extractorHash']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('training.entity.version', id);
    const classifier = row.classifier as { mean: number[]; std: number[]; weights: number[]; bias: number };
    const onnx = await exportOnnx({
      classifier: { mean: classifier.mean, std: classifier.std, weights: classifier.weights, bias: classifier.bias },
      threshold: version.threshold,
      algorithm: version.algorithmName,
      version: version.version,
      extractor: version.extractor,
      extractorHash: row.extractorHash,
    });
    const zip = new JSZip();
    zip.file('model.onnx', onnx);
    zip.file('README.md', portableReadme(version, row.extractorHash));
    // Stored: the weights do not compress, and deflating 4 MB here would hold the event loop.
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    return new FileReply(bytes, 'application/zip', `${version.algorithmName}-${version.version}-onnx.zip`);
  },
};
