// A minimal protobuf writer for the part of the ONNX format a converted feed-forward graph needs (ModelProto,
// GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto). Written by hand so the converter needs no
// protobuf library at run time; field numbers are those of onnx/onnx.proto (IR version 8).

export type OnnxDataType = 'float32' | 'int32' | 'int64';
const DATA_TYPE: Record<OnnxDataType, number> = { float32: 1, int32: 6, int64: 7 };

export interface OnnxTensor {
  name: string;
  dataType: OnnxDataType;
  dims: number[];
  /** Little-endian raw bytes of the values. */
  raw: Uint8Array;
}

export type OnnxAttribute =
  | { name: string; kind: 'float'; value: number }
  | { name: string; kind: 'int'; value: number }
  | { name: string; kind: 'string'; value: string }
  | { name: string; kind: 'ints'; value: number[] }
  | { name: string; kind: 'floats'; value: number[] };

export interface OnnxNode {
  opType: string;
  name: string;
  inputs: string[];
  outputs: string[];
  attributes?: OnnxAttribute[];
}

export interface OnnxValueInfo {
  name: string;
  dataType: OnnxDataType;
  /** A number is a fixed size; a string names a size given at run time (the batch, "N"). */
  dims: (number | string)[];
}

export interface OnnxModel {
  producer: string;
  opset: number;
  graphName: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
  /** Free-form key-value pairs stored with the model (ModelProto.metadata_props). */
  metadata?: Record<string, string>;
  /** A description of the model (ModelProto.doc_string). */
  docString?: string;
}

class Writer {
  private chunks: Uint8Array[] = [];
  private size = 0;

  private push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.size += bytes.byteLength;
  }

  varint(value: number | bigint) {
    // int64 fields: negative numbers are written as their 64-bit two's complement (10 bytes).
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private key(field: number, wireType: number) {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number) {
    this.key(field, 0);
    this.varint(value);
  }

  float(field: number, value: number) {
    this.key(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.push(b);
  }

  bytes(field: number, value: Uint8Array) {
    this.key(field, 2);
    this.varint(value.byteLength);
    this.push(value);
  }

  string(field: number, value: string) {
    this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: Writer) => void) {
    const inner = new Writer();
    build(inner);
    this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const c of this.chunks) {
      out.set(c, offset);
      offset += c.byteLength;
    }
    return out;
  }
}

function writeTensor(w: Writer, t: OnnxTensor) {
  for (const d of t.dims) w.int(1, d);
  w.int(2, DATA_TYPE[t.dataType]);
  w.string(8, t.name);
  w.bytes(9, t.raw);
}

function writeAttribute(w: Writer, a: OnnxAttribute) {
  w.string(1, a.name);
  switch (a.kind) {
    case 'float':
      w.float(2, a.value);
      w.int(20, 1);
      break;
    case 'int':
      w.int(3, a.value);
      w.int(20, 2);
      break;
    case 'string':
      w.string(4, a.value);
      w.int(20, 3);
      break;
    case 'floats':
      for (const v of a.value) w.float(7, v);
      w.int(20, 6);
      break;
    case 'ints':
      for (const v of a.value) w.int(8, v);
      w.int(20, 7);
      break;
  }
}

function writeValueInfo(w: Writer, v: OnnxValueInfo) {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, DATA_TYPE[v.dataType]);
      tensor.message(2, (shape) => {
        for (const d of v.dims) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      });
    }),
  );
}

/** Serialises the model as an ONNX ModelProto. */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const w = new Writer();
  w.int(1, 8); // ir_version
  w.string(2, model.producer);
  w.message(7, (g) => {
    for (const n of model.nodes) {
      g.message(1, (node) => {
        for (const i of n.inputs) node.string(1, i);
        for (const o of n.outputs) node.string(2, o);
        node.string(3, n.name);
        node.string(4, n.opType);
        for (const a of n.attributes ?? []) node.message(5, (attr) => writeAttribute(attr, a));
      });
    }
    g.string(2, model.graphName);
    for (const t of model.initializers) g.message(5, (tensor) => writeTensor(tensor, t));
    for (const i of model.inputs) g.message(11, (vi) => writeValueInfo(vi, i));
    for (const o of model.outputs) g.message(12, (vi) => writeValueInfo(vi, o));
  });
  w.message(8, (opset) => {
    opset.string(1, '');
    opset.int(2, model.opset);
  });
  if (model.docString) w.string(6, model.docString);
  for (const [key, value] of Object.entries(model.metadata ?? {})) {
    w.message(14, (entry) => {
      entry.string(1, key);
      entry.string(2, value);
    });
  }
  return w.finish();
}
