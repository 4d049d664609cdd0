// Converts the Keras MobileNetV2 layers model of nsfwjs (tfjs layers format, uint8-quantised weights) to ONNX:
// the weights are dequantised (q · scale + min), every batch normalisation is folded into the convolution before it,
// ZeroPadding2D is folded into the next convolution's pads, ReLU(max 6) becomes Clip. The network is cut before the
// package's own classification head: the outputs are the globally average-pooled feature maps named in `taps`.
// Input: NCHW float32 RGB in [0, 1] (nsfwjs divides by 255), 224×224.
import { encodeOnnxModel, type OnnxAttribute, type OnnxNode, type OnnxTensor, type OnnxValueInfo } from '../detector/onnxEncode.ts';

interface KerasLayer {
  name: string;
  class_name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
}

export interface KerasLayersModel {
  modelTopology: { model_config: { config: { layers: KerasLayer[] } } };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string; quantization?: { min: number; scale: number; dtype: string } }[] }[];
}

export interface FeatureTap {
  /** Keras layer whose output is pooled. */
  layer: string;
  /** ONNX output name. */
  output: string;
  /** Take the layer's output as it is (a Dense layer's vector) instead of globally average-pooling a feature map. */
  raw?: boolean;
}

export interface ConvertedFeatureModel {
  onnx: Uint8Array;
  inputName: string;
  outputs: OnnxValueInfo[];
}

/** The converted graph before it is encoded (the portable export appends the classifier head to it). */
export interface FeatureGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  input: OnnxValueInfo;
  outputs: OnnxValueInfo[];
  opset: number;
}

interface Weight {
  shape: number[];
  values: Float32Array;
}

const product = (dims: number[]) => dims.reduce((a, b) => a * b, 1);

/** Dequantises the weights of the one shard, in manifest order. */
export function readLayerWeights(model: KerasLayersModel, shard: Uint8Array): Map<string, Weight> {
  const out = new Map<string, Weight>();
  let offset = 0;
  for (const group of model.weightsManifest) {
    for (const w of group.weights) {
      const n = product(w.shape);
      const q = w.quantization;
      if (q?.dtype !== 'uint8') throw new Error(`${w.name}: only uint8-quantised weights are supported`);
      if (offset + n > shard.byteLength) throw new Error(`${w.name}: the weight shard is too short`);
      const values = new Float32Array(n);
      for (let i = 0; i < n; i++) values[i] = (shard[offset + i] as number) * q.scale + q.min;
      offset += n;
      out.set(w.name, { shape: w.shape, values });
    }
  }
  if (offset !== shard.byteLength) throw new Error(`the weight shard has ${shard.byteLength - offset} bytes left over`);
  return out;
}

const floatTensor = (name: string, dims: number[], values: Float32Array): OnnxTensor => ({
  name,
  dataType: 'float32',
  dims,
  raw: new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
});

interface PendingConv {
  input: string;
  /** ONNX layout [out, in/group, kh, kw]. */
  kernel: Float32Array;
  dims: number[];
  bias: Float32Array;
  attributes: OnnxAttribute[];
}

/** Keras [kh, kw, in, out] (or depthwise [kh, kw, in, 1]) to ONNX [out, in/group, kh, kw]. */
function toOihw(w: Weight, depthwise: boolean): { kernel: Float32Array; dims: number[] } {
  const [kh = 0, kw = 0, cin = 0, cout = 0] = w.shape;
  if (depthwise && cout !== 1) throw new Error('depth multiplier other than 1 is not supported');
  const outC = depthwise ? cin : cout;
  const inC = depthwise ? 1 : cin;
  const kernel = new Float32Array(outC * inC * kh * kw);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++) {
          const src = ((y * kw + x) * cin + i) * cout + o;
          const oc = depthwise ? i : o;
          const ic = depthwise ? 0 : i;
          kernel[((oc * inC + ic) * kh + y) * kw + x] = w.values[src] as number;
        }
  return { kernel, dims: [outC, inC, kh, kw] };
}

/** The layers up to the taps as an ONNX graph; `batch` is the input's first dimension (a number, or a name for any). */
export function buildFeatureGraph(model: KerasLayersModel, shard: Uint8Array, taps: FeatureTap[], options: { opset?: number; batch?: number | string } = {}): FeatureGraph {
  const opset = options.opset ?? 18;
  const batch = options.batch ?? 1;
  const weights = readLayerWeights(model, shard);
  const weight = (name: string) => {
    const w = weights.get(name);
    if (!w) throw new Error(`missing weight ${name}`);
    return w;
  };
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  const pendingPads = new Map<string, { input: string; pads: number[] }>();
  const pendingConvs = new Map<string, PendingConv>();
  const emitted = new Set<string>();
  /** Channels of each layer's output, for the output shapes. */
  const channels = new Map<string, number>();
  let counter = 0;
  const emit = (opType: string, inputs: string[], outputs: string[], attributes: OnnxAttribute[] = []) => {
    nodes.push({ opType, name: `${opType}_${counter++}`, inputs, outputs, attributes });
    for (const o of outputs) emitted.add(o);
  };
  const flushConv = (name: string, conv: PendingConv) => {
    initializers.push(floatTensor(`${name}/W`, conv.dims, conv.kernel), floatTensor(`${name}/B`, [conv.dims[0] ?? 0], conv.bias));
    emit('Conv', [conv.input, `${name}/W`, `${name}/B`], [name], conv.attributes);
    channels.set(name, conv.dims[0] ?? 0);
    pendingConvs.delete(name);
  };
  /** The ONNX tensor holding a layer's output (a pending convolution is emitted without a batch norm). */
  const tensorOf = (name: string) => {
    const conv = pendingConvs.get(name);
    if (conv) flushConv(name, conv);
    if (!emitted.has(name)) throw new Error(`layer input ${name} is not available`);
    return name;
  };
  const inputsOf = (layer: KerasLayer) => (layer.inbound_nodes[0] ?? []).map((ref) => ref[0]);
  const clipMin = 'relu6/min';
  const clipMax = 'relu6/max';
  initializers.push(floatTensor(clipMin, [], new Float32Array([0])), floatTensor(clipMax, [], new Float32Array([6])));
  let inputName = '';
  const layers = model.modelTopology.model_config.config.layers;
  const lastNeeded = Math.max(...taps.map((t) => layers.findIndex((l) => l.name === t.layer)));
  if (taps.length === 0 || lastNeeded < 0) throw new Error('a feature tap names no layer of the model');

  for (const layer of layers.slice(0, lastNeeded + 1)) {
    const c = layer.config;
    const [source = ''] = inputsOf(layer);
    switch (layer.class_name) {
      case 'InputLayer':
        inputName = layer.name;
        emitted.add(layer.name);
        break;
      case 'ZeroPadding2D': {
        const [[t = 0, b = 0] = [], [l = 0, r = 0] = []] = c.padding as number[][];
        pendingPads.set(layer.name, { input: tensorOf(source), pads: [t, l, b, r] });
        break;
      }
      case 'Conv2D':
      case 'DepthwiseConv2D': {
        const depthwise = layer.class_name === 'DepthwiseConv2D';
        if (c.use_bias) throw new Error(`${layer.name}: a convolution with its own bias is not supported`);
        if (c.activation !== 'linear') throw new Error(`${layer.name}: activation ${String(c.activation)} is not supported`);
        const padded = pendingPads.get(source);
        const [kh = 1, kw = 1] = c.kernel_size as number[];
        let pads = padded?.pads ?? [0, 0, 0, 0];
        if (c.padding === 'same') {
          if ((c.strides as number[]).some((s) => s !== 1)) throw new Error(`${layer.name}: "same" padding with a stride`);
          pads = [(kh - 1) / 2, (kw - 1) / 2, (kh - 1) / 2, (kw - 1) / 2];
        }
        const { kernel, dims } = toOihw(weight(`${layer.name}/${depthwise ? 'depthwise_kernel' : 'kernel'}`), depthwise);
        const attributes: OnnxAttribute[] = [
          { name: 'kernel_shape', kind: 'ints', value: [kh, kw] },
          { name: 'strides', kind: 'ints', value: c.strides as number[] },
          { name: 'pads', kind: 'ints', value: pads },
        ];
        if (depthwise) attributes.push({ name: 'group', kind: 'int', value: dims[0] ?? 1 });
        const input = padded ? padded.input : tensorOf(source);
        pendingConvs.set(layer.name, { input, kernel, dims, bias: new Float32Array(dims[0] ?? 0), attributes });
        break;
      }
      case 'BatchNormalization': {
        const conv = pendingConvs.get(source);
        if (!conv) throw new Error(`${layer.name}: a batch norm not after a convolution`);
        pendingConvs.delete(source);
        const gamma = weight(`${layer.name}/gamma`).values;
        const beta = weight(`${layer.name}/beta`).values;
        const mean = weight(`${layer.name}/moving_mean`).values;
        const variance = weight(`${layer.name}/moving_variance`).values;
        const eps = c.epsilon as number;
        const perOut = conv.kernel.length / gamma.length;
        for (let o = 0; o < gamma.length; o++) {
          const k = (gamma[o] as number) / Math.sqrt(Math.max(variance[o] as number, 0) + eps);
          for (let i = 0; i < perOut; i++) conv.kernel[o * perOut + i] = (conv.kernel[o * perOut + i] as number) * k;
          conv.bias[o] = (beta[o] as number) + ((conv.bias[o] as number) - (mean[o] as number)) * k;
        }
        flushConv(layer.name, conv);
        break;
      }
      case 'ReLU':
        if (c.max_value !== 6 || c.negative_slope !== 0 || c.threshold !== 0) throw new Error(`${layer.name}: only ReLU6`);
        emit('Clip', [tensorOf(source), clipMin, clipMax], [layer.name]);
        channels.set(layer.name, channels.get(source) ?? 0);
        break;
      case 'Add':
        emit('Add', inputsOf(layer).map(tensorOf), [layer.name]);
        channels.set(layer.name, channels.get(source) ?? 0);
        break;
      // The package's classification head (converted only to check the conversion against the package's classes).
      case 'AveragePooling2D':
        emit('AveragePool', [tensorOf(source)], [layer.name], [
          { name: 'kernel_shape', kind: 'ints', value: c.pool_size as number[] },
          { name: 'strides', kind: 'ints', value: c.strides as number[] },
        ]);
        channels.set(layer.name, channels.get(source) ?? 0);
        break;
      case 'Flatten':
        // Only after pooling to 1×1, where NHWC and NCHW flatten alike.
        emit('Flatten', [tensorOf(source)], [layer.name], [{ name: 'axis', kind: 'int', value: 1 }]);
        channels.set(layer.name, channels.get(source) ?? 0);
        break;
      case 'Dropout':
        emit('Identity', [tensorOf(source)], [layer.name]);
        channels.set(layer.name, channels.get(source) ?? 0);
        break;
      case 'Dense': {
        const kernel = weight(`${layer.name}/kernel`);
        const units = kernel.shape[1] ?? 0;
        initializers.push(floatTensor(`${layer.name}/W`, kernel.shape, kernel.values), floatTensor(`${layer.name}/B`, [units], weight(`${layer.name}/bias`).values));
        const activation = c.activation as string;
        const linear = activation === 'linear' ? layer.name : `${layer.name}/linear`;
        emit('Gemm', [tensorOf(source), `${layer.name}/W`, `${layer.name}/B`], [linear]);
        if (activation === 'relu') emit('Relu', [linear], [layer.name]);
        else if (activation === 'softmax') emit('Softmax', [linear], [layer.name], [{ name: 'axis', kind: 'int', value: 1 }]);
        else if (activation !== 'linear') throw new Error(`${layer.name}: activation ${activation} is not supported`);
        channels.set(layer.name, units);
        break;
      }
      default:
        throw new Error(`${layer.name}: layer ${layer.class_name} is not supported`);
    }
  }
  const outputs: OnnxValueInfo[] = [];
  for (const tap of taps) {
    if (tap.raw) {
      emit('Identity', [tensorOf(tap.layer)], [tap.output]);
    } else {
      const pooled = `${tap.output}/pooled`;
      emit('GlobalAveragePool', [tensorOf(tap.layer)], [pooled]);
      emit('Flatten', [pooled], [tap.output], [{ name: 'axis', kind: 'int', value: 1 }]);
    }
    outputs.push({ name: tap.output, dataType: 'float32', dims: [batch, channels.get(tap.layer) ?? 0] });
  }
  return { nodes, initializers, input: { name: inputName, dataType: 'float32', dims: [batch, 3, 224, 224] }, outputs, opset };
}

export function convertKerasToOnnx(model: KerasLayersModel, shard: Uint8Array, taps: FeatureTap[], options: { opset?: number; batch?: number | string } = {}): ConvertedFeatureModel {
  const graph = buildFeatureGraph(model, shard, taps, options);
  const onnx = encodeOnnxModel({
    producer: 'argus-keras-to-onnx',
    opset: graph.opset,
    graphName: 'mobilenet_v2_features',
    nodes: graph.nodes,
    initializers: graph.initializers,
    inputs: [graph.input],
    outputs: graph.outputs,
  });
  return { onnx, inputName: graph.input.name, outputs: graph.outputs };
}
