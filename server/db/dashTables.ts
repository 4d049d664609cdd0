// Kysely types of the dashboard and statistics tables (migrations 040–049).
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ResourceNodeTable {
  nodeId: string;
  nodeName: string;
  ip: ColumnType<string, string | undefined, string>;
  role: 'master' | 'worker' | 'box';
  boxId: number | null;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  cpuCores: number | null;
  gpuDetected: boolean | null;
  gpus: Json<StoredGpu[]>;
  latest: Json<StoredLatest>;
  lastSampleAt: NullableTimestamp;
}

export interface StoredGpu {
  index: number;
  name: string;
  usage: number | null;
  memoryTotal: number | null;
  memoryUsed: number | null;
}

/** The latest sample of a node, as the list answers it. */
export interface StoredLatest {
  cpu?: number;
  memory?: { total: number | null; used: number | null; usage: number | null };
  disk?: { total: number | null; used: number | null; usage: number | null };
  network?: { rxBytesPerSec: number; txBytesPerSec: number } | null;
}

export interface ResourceSampleTable {
  nodeId: string;
  at: Timestamp;
  resolution: ColumnType<number, number | undefined, number>;
  cpu: number;
  memory: number;
  disk: number | null;
  gpu: number | null;
  videoMemory: number | null;
  rxBytesPerSec: number | null;
  txBytesPerSec: number | null;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ModelCallTable {
  id: ColumnType<string, never, never>;
  model: string;
  operation: string;
  calledAt: ColumnType<Date, Date | string | undefined, Date | string>;
  latencyMs: number;
  ok: boolean;
  errorCode: number | null;
  userName: string | null;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface FlowCountTable {
  cameraId: number;
  line: string;
  direction: 1 | 2;
  minute: Timestamp;
  count: number;
  boxId: number;
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  receivedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DashTables {
  flowCounts: FlowCountTable;
  resourceNodes: ResourceNodeTable;
  resourceSamples: ResourceSampleTable;
  modelCalls: ModelCallTable;
}
