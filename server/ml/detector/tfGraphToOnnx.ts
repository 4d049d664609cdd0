// Converts a TensorFlow.js graph model (model.json topology + weight shards) into an ONNX model, so the detector
// runs on onnxruntime-node — the runtime the feature extractor uses — instead of a second runtime (tfjs + wasm).
// Only the operations the vendored detector uses are supported; anything else is refused by name, never guessed.
// Sub-graphs whose inputs are all constants are folded here (the model carries a few shape computations).
import { encodeOnnxModel, type OnnxAttribute, type OnnxNode, type OnnxTensor, type OnnxValueInfo } from './onnxEncode.ts';

interface TfAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { i?: string[]; s?: string[]; f?: number[] };
  shape?: unknown;
}

interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

interface TfWeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: { dtype: 'float16' | 'uint8' | 'uint16'; min?: number; scale?: number };
}

interface TfTensorSpec {
  name: string;
  dtype: string;
  tensorShape: { dim: { size: string }[] };
}

export interface TfGraphModel {
  format: string;
  modelTopology: { node: TfNode[] };
  weightsManifest: { paths: string[]; weights: TfWeightSpec[] }[];
  signature: { inputs: Record<string, TfTensorSpec>; outputs: Record<string, TfTensorSpec> };
}

/** A constant value during conversion: float32 or integer (int32 in TF; written as int64 where ONNX wants it). */
interface Const {
  dtype: 'float32' | 'int32';
  shape: number[];
  data: Float32Array | Int32Array;
}

const product = (dims: number[]) => dims.reduce((a, b) => a * b, 1);

function float16ToFloat32(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 0x1f) return frac ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

let halfTable: Float32Array | undefined;
/** All 65,536 half-precision values, computed once (decoding millions of weights one by one is slow). */
function halfToFloatTable(): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfTable[h] = float16ToFloat32(h);
  }
  return halfTable;
}

/** Reads every weight of the manifest out of the concatenated shard bytes. */
export function readWeights(model: TfGraphModel, shards: Uint8Array): Map<string, Const> {
  const out = new Map<string, Const>();
  const view = new DataView(shards.buffer, shards.byteOffset, shards.byteLength);
  let offset = 0;
  for (const group of model.weightsManifest) {
    for (const spec of group.weights) {
      const count = product(spec.shape);
      const q = spec.quantization;
      if (q) {
        if (q.dtype !== 'float16' || spec.dtype !== 'float32') {
          throw new Error(`weight ${spec.name}: quantization ${q.dtype} is not supported`);
        }
        const table = halfToFloatTable();
        const data = new Float32Array(count);
        for (let i = 0; i < count; i++) data[i] = table[view.getUint16(offset + i * 2, true)] ?? 0;
        offset += count * 2;
        out.set(spec.name, { dtype: 'float32', shape: spec.shape, data });
        continue;
      }
      if (spec.dtype === 'float32') {
        const data = new Float32Array(count);
        for (let i = 0; i < count; i++) data[i] = view.getFloat32(offset + i * 4, true);
        out.set(spec.name, { dtype: 'float32', shape: spec.shape, data });
      } else if (spec.dtype === 'int32') {
        const data = new Int32Array(count);
        for (let i = 0; i < count; i++) data[i] = view.getInt32(offset + i * 4, true);
        out.set(spec.name, { dtype: 'int32', shape: spec.shape, data });
      } else {
        throw new Error(`weight ${spec.name}: dtype ${String(spec.dtype)} is not supported`);
      }
      offset += count * 4;
    }
  }
  if (offset !== shards.byteLength) throw new Error(`weights: read ${offset} bytes of ${shards.byteLength}`);
  return out;
}

/** "node:0" and "node" name the first output, "node:1" the second; "^node" is a control edge. */
function tensorName(ref: string): string {
  return ref.endsWith(':0') ? ref.slice(0, -2) : ref;
}

function ints(c: Const): number[] {
  return Array.from(c.data as Int32Array);
}

function int64Tensor(name: string, values: number[], dims = [values.length]): OnnxTensor {
  const raw = new Uint8Array(values.length * 8);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => {
    view.setBigInt64(i * 8, BigInt(v), true);
  });
  return { name, dataType: 'int64', dims, raw };
}

function constTensor(name: string, c: Const): OnnxTensor {
  const src = c.data;
  return {
    name,
    dataType: c.dtype,
    dims: c.shape,
    raw: new Uint8Array(src.buffer.slice(src.byteOffset, src.byteOffset + src.byteLength)),
  };
}

/** HWIO (TensorFlow) → OIHW (ONNX). */
function filterToOihw(c: Const): Const {
  const [h, w, i, o] = c.shape as [number, number, number, number];
  const src = c.data as Float32Array;
  const dst = new Float32Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let ci = 0; ci < i; ci++)
        for (let co = 0; co < o; co++) dst[((co * i + ci) * h + y) * w + x] = src[((y * w + x) * i + ci) * o + co];
  return { dtype: 'float32', shape: [o, i, h, w], data: dst };
}

/** Folds an operation whose inputs are all constants. */
function fold(node: TfNode, inputs: Const[]): Const[] {
  switch (node.op) {
    case 'SparseToDense': {
      const [indices, shape, values, fallback] = inputs as [Const, Const, Const, Const];
      const dims = ints(shape);
      const data = new Int32Array(product(dims)).fill((fallback.data as Int32Array)[0] ?? 0);
      const rank = dims.length;
      const n = indices.shape[0] ?? 0;
      for (let k = 0; k < n; k++) {
        let flat = 0;
        for (let r = 0; r < rank; r++) flat = flat * (dims[r] ?? 1) + (indices.data[k * rank + r] ?? 0);
        data[flat] = values.data.length === 1 ? (values.data[0] ?? 0) : (values.data[k] ?? 0);
      }
      if (values.dtype !== 'int32') throw new Error(`${node.name}: SparseToDense of ${values.dtype} is not supported`);
      return [{ dtype: 'int32', shape: dims, data }];
    }
    case 'Add':
    case 'AddV2': {
      const [a, b] = inputs as [Const, Const];
      if (a.dtype !== b.dtype) throw new Error(`${node.name}: mixed types`);
      const n = Math.max(a.data.length, b.data.length);
      if (a.data.length !== n && a.data.length !== 1) throw new Error(`${node.name}: unsupported broadcast`);
      if (b.data.length !== n && b.data.length !== 1) throw new Error(`${node.name}: unsupported broadcast`);
      const data = a.dtype === 'float32' ? new Float32Array(n) : new Int32Array(n);
      for (let i = 0; i < n; i++) data[i] = (a.data[a.data.length === 1 ? 0 : i] ?? 0) + (b.data[b.data.length === 1 ? 0 : i] ?? 0);
      return [{ dtype: a.dtype, shape: a.data.length === n ? a.shape : b.shape, data }];
    }
    case 'Identity':
      return [inputs[0] as Const];
    default:
      throw new Error(`${node.name}: cannot fold ${node.op}`);
  }
}

export interface ConvertedModel {
  onnx: Uint8Array;
  inputName: string;
  inputDims: number[];
  outputs: OnnxValueInfo[];
  nodeCount: number;
}

/** Converts the graph; the ONNX model reads and writes tensors under the TF signature's names (without ":0"). */
export function convertTfGraphToOnnx(model: TfGraphModel, shards: Uint8Array, opset = 18): ConvertedModel {
  if (model.format !== 'graph-model') throw new Error(`not a graph model: ${model.format}`);
  const weights = readWeights(model, shards);
  const consts = new Map<string, Const>();
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  const used = new Set<string>();
  let counter = 0;
  const fresh = (base: string) => `${base}__${counter++}`;

  const addInitializer = (t: OnnxTensor) => {
    if (!used.has(t.name)) {
      used.add(t.name);
      initializers.push(t);
    }
    return t.name;
  };
  /** The ONNX tensor for a TF input: a constant becomes an initializer. */
  const operand = (ref: string): string => {
    const name = tensorName(ref);
    const c = consts.get(name);
    return c ? addInitializer(constTensor(name, c)) : name;
  };
  const constOf = (node: TfNode, index: number): Const => {
    const ref = node.input?.[index];
    const c = ref === undefined ? undefined : consts.get(tensorName(ref));
    if (!c) throw new Error(`${node.name}: input ${index} must be a constant`);
    return c;
  };
  const emit = (opType: string, inputs: string[], outputs: string[], attributes: OnnxAttribute[] = []) => {
    nodes.push({ opType, name: fresh(opType), inputs, outputs, attributes });
  };
  const toNchw = (x: string) => {
    const out = fresh(`${x}/nchw`);
    emit('Transpose', [x], [out], [{ name: 'perm', kind: 'ints', value: [0, 3, 1, 2] }]);
    return out;
  };
  const toNhwc = (x: string, out: string) => {
    emit('Transpose', [x], [out], [{ name: 'perm', kind: 'ints', value: [0, 2, 3, 1] }]);
  };
  const nhwcOnly = (node: TfNode) => {
    const format = node.attr?.data_format?.s;
    if (format && Buffer.from(format, 'base64').toString() !== 'NHWC') throw new Error(`${node.name}: only NHWC`);
  };
  const validPadding = (node: TfNode) => {
    const padding = Buffer.from(node.attr?.padding?.s ?? '', 'base64').toString();
    if (padding !== 'VALID') throw new Error(`${node.name}: padding ${padding} is not supported`);
  };
  const spatial = (list: string[] | undefined, fallback: number): [number, number] => {
    const v = (list ?? []).map(Number);
    return v.length === 4 ? [v[1] ?? fallback, v[2] ?? fallback] : [fallback, fallback];
  };

  for (const node of model.modelTopology.node) {
    const inputs = (node.input ?? []).filter((i) => !i.startsWith('^'));
    if (node.op === 'Const') {
      const w = weights.get(node.name);
      if (!w) throw new Error(`constant ${node.name} has no weights`);
      consts.set(node.name, w);
      continue;
    }
    if (node.op === 'Placeholder') continue;
    if (inputs.length > 0 && inputs.every((i) => consts.has(tensorName(i)))) {
      const folded = fold(
        node,
        inputs.map((i) => consts.get(tensorName(i)) as Const),
      );
      folded.forEach((c, k) => {
        consts.set(k === 0 ? node.name : `${node.name}:${k}`, c);
      });
      continue;
    }
    const x = operand(inputs[0] ?? '');
    switch (node.op) {
      case 'Identity':
        emit('Identity', [x], [node.name]);
        break;
      case 'Sigmoid':
        emit('Sigmoid', [x], [node.name]);
        break;
      case 'LeakyRelu':
        emit('LeakyRelu', [x], [node.name], [{ name: 'alpha', kind: 'float', value: node.attr?.alpha?.f ?? 0.2 }]);
        break;
      case 'Add':
      case 'AddV2':
        emit('Add', [x, operand(inputs[1] ?? '')], [node.name]);
        break;
      case 'Transpose':
        emit('Transpose', [x], [node.name], [{ name: 'perm', kind: 'ints', value: ints(constOf(node, 1)) }]);
        break;
      case 'Pad':
      case 'PadV2': {
        const paddings = ints(constOf(node, 1));
        const pads = [...paddings.filter((_, i) => i % 2 === 0), ...paddings.filter((_, i) => i % 2 === 1)];
        const padsName = addInitializer(int64Tensor(`${node.name}/pads`, pads));
        const padInputs = [x, padsName];
        if (node.op === 'PadV2') padInputs.push(operand(inputs[2] ?? ''));
        emit('Pad', padInputs, [node.name], [{ name: 'mode', kind: 'string', value: 'constant' }]);
        break;
      }
      case 'Conv2D': {
        nhwcOnly(node);
        validPadding(node);
        const filter = filterToOihw(constOf(node, 1));
        const w = addInitializer(constTensor(`${tensorName(inputs[1] ?? '')}/oihw`, filter));
        const y = fresh(`${node.name}/nchw`);
        emit('Conv', [toNchw(x), w], [y], [
          { name: 'strides', kind: 'ints', value: spatial(node.attr?.strides?.list?.i, 1) },
          { name: 'dilations', kind: 'ints', value: spatial(node.attr?.dilations?.list?.i, 1) },
          { name: 'kernel_shape', kind: 'ints', value: filter.shape.slice(2) },
          { name: 'group', kind: 'int', value: 1 },
        ]);
        toNhwc(y, node.name);
        break;
      }
      case 'MaxPool': {
        nhwcOnly(node);
        validPadding(node);
        const y = fresh(`${node.name}/nchw`);
        emit('MaxPool', [toNchw(x)], [y], [
          { name: 'kernel_shape', kind: 'ints', value: spatial(node.attr?.ksize?.list?.i, 1) },
          { name: 'strides', kind: 'ints', value: spatial(node.attr?.strides?.list?.i, 1) },
        ]);
        toNhwc(y, node.name);
        break;
      }
      case 'ResizeBilinear': {
        if (node.attr?.align_corners?.b) throw new Error(`${node.name}: align_corners is not supported`);
        const size = ints(constOf(node, 1));
        const sizes = addInitializer(int64Tensor(`${node.name}/sizes`, size));
        const y = fresh(`${node.name}/nchw`);
        emit('Resize', [toNchw(x), '', '', sizes], [y], [
          { name: 'mode', kind: 'string', value: 'linear' },
          {
            name: 'coordinate_transformation_mode',
            kind: 'string',
            value: node.attr?.half_pixel_centers?.b ? 'half_pixel' : 'asymmetric',
          },
          { name: 'axes', kind: 'ints', value: [2, 3] },
        ]);
        toNhwc(y, node.name);
        break;
      }
      case 'ConcatV2': {
        const axis = ints(constOf(node, inputs.length - 1))[0] ?? 0;
        emit('Concat', inputs.slice(0, -1).map(operand), [node.name], [{ name: 'axis', kind: 'int', value: axis }]);
        break;
      }
      case 'Reshape': {
        const shape = addInitializer(int64Tensor(`${node.name}/shape`, ints(constOf(node, 1))));
        emit('Reshape', [x, shape], [node.name]);
        break;
      }
      case 'SplitV': {
        const sizes = ints(constOf(node, 1));
        const axis = ints(constOf(node, 2))[0] ?? 0;
        const split = addInitializer(int64Tensor(`${node.name}/split`, sizes));
        const outs = sizes.map((_, k) => (k === 0 ? node.name : `${node.name}:${k}`));
        emit('Split', [x, split], outs, [{ name: 'axis', kind: 'int', value: axis }]);
        break;
      }
      default:
        throw new Error(`${node.name}: operation ${node.op} is not supported by the converter`);
    }
  }

  const dims = (spec: TfTensorSpec) => spec.tensorShape.dim.map((d) => Number(d.size));
  const inputSpec = Object.values(model.signature.inputs)[0];
  if (!inputSpec) throw new Error('the model has no input');
  const inputName = tensorName(inputSpec.name);
  const outputs = Object.values(model.signature.outputs)
    .map((o) => ({ name: tensorName(o.name), dataType: 'float32' as const, dims: dims(o) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const onnx = encodeOnnxModel({
    producer: 'argus tfGraphToOnnx',
    opset,
    graphName: 'detector',
    nodes,
    initializers,
    inputs: [{ name: inputName, dataType: 'float32', dims: dims(inputSpec) }],
    outputs,
  });
  return { onnx, inputName, inputDims: dims(inputSpec), outputs, nodeCount: nodes.length };
}
