// A trained version as one portable ONNX graph, image in, probability out: the feature extractor exactly as the
// platform runs it (MobileNetV2 of nsfwjs 4.4.0 up to block 10, pooled), the classifier's standardisation, its
// linear head and the sigmoid. Pixel scaling (÷ 255) is inside the graph; resizing the picture to 224×224 is not
// (the caller squeezes the whole image, as the platform does). Written with the repository's pure-JS ONNX writer.
import { encodeOnnxModel, type OnnxNode, type OnnxTensor } from '../detector/onnxEncode.ts';
import { FEATURE_DIM, FEATURE_INPUT_SIZE, FEATURE_OUTPUT, featureGraph } from './model.ts';

export interface ExportInput {
  classifier: { mean: number[]; std: number[]; weights: number[]; bias: number };
  threshold: number;
  algorithm: string;
  version: string;
  extractor: string;
  extractorHash: string;
}

export const PORTABLE_INPUT = 'image';
export const PORTABLE_OUTPUT = 'probability';

const floats = (name: string, dims: number[], values: number[]): OnnxTensor => {
  const data = Float32Array.from(values);
  return { name, dataType: 'float32', dims, raw: new Uint8Array(data.buffer) };
};

export function buildPortableModel(input: ExportInput): Uint8Array {
  const { classifier } = input;
  for (const [name, list] of [['mean', classifier.mean], ['std', classifier.std], ['weights', classifier.weights]] as const) {
    if (list.length !== FEATURE_DIM) throw new Error(`the classifier's ${name} has ${list.length} values, not ${FEATURE_DIM}`);
  }
  const graph = featureGraph();
  const head: OnnxNode[] = [
    // Pixels 0–255 → the extractor's [0, 1] (what nsfwjs feeds it).
    { opType: 'Div', name: 'head/scale_pixels', inputs: [PORTABLE_INPUT, 'head/255'], outputs: [graph.input.name] },
    { opType: 'Sub', name: 'head/center', inputs: [FEATURE_OUTPUT, 'head/mean'], outputs: ['head/centered'] },
    { opType: 'Div', name: 'head/standardise', inputs: ['head/centered', 'head/std'], outputs: ['head/standardised'] },
    { opType: 'Gemm', name: 'head/linear', inputs: ['head/standardised', 'head/weights', 'head/bias'], outputs: ['head/logit'] },
    { opType: 'Sigmoid', name: 'head/sigmoid', inputs: ['head/logit'], outputs: [PORTABLE_OUTPUT] },
  ];
  const initializers: OnnxTensor[] = [
    floats('head/255', [], [255]),
    floats('head/mean', [FEATURE_DIM], classifier.mean),
    // A zero deviation stands for a constant feature (the platform divides by 1 then).
    floats('head/std', [FEATURE_DIM], classifier.std.map((s) => s || 1)),
    floats('head/weights', [FEATURE_DIM, 1], classifier.weights),
    floats('head/bias', [1], [classifier.bias]),
  ];
  return encodeOnnxModel({
    producer: 'argus-portable-classifier',
    opset: graph.opset,
    graphName: `${input.algorithm} ${input.version}`.slice(0, 128),
    nodes: [head[0] as OnnxNode, ...graph.nodes, ...head.slice(1)],
    initializers: [...initializers, ...graph.initializers],
    inputs: [{ name: PORTABLE_INPUT, dataType: 'float32', dims: ['N', 3, FEATURE_INPUT_SIZE, FEATURE_INPUT_SIZE] }],
    outputs: [{ name: PORTABLE_OUTPUT, dataType: 'float32', dims: ['N', 1] }],
    docString: `${input.algorithm} ${input.version}: probability that the picture shows the target. Input: RGB pixel values 0–255, NCHW, the whole picture resized to ${FEATURE_INPUT_SIZE}×${FEATURE_INPUT_SIZE}. Positive when probability >= ${input.threshold}.`,
    metadata: {
      algorithm: input.algorithm,
      version: input.version,
      threshold: String(input.threshold),
      extractor: input.extractor,
      extractorSha256: input.extractorHash,
      input: `RGB 0-255, NCHW float32, ${FEATURE_INPUT_SIZE}x${FEATURE_INPUT_SIZE}, whole picture squeezed (no crop)`,
    },
  });
}
