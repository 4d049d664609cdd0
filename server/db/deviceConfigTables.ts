// Row types of the device-configuration tables (migration 004_device_config.sql), as Kysely sees them (camelCase),
// and the columns 004 adds to the scenes/edge_boxes/devices tables of 002.
import type { ColumnType, Generated } from 'kysely';
import type { DetectionTaskColumns021 } from './catalogueTables.ts';
import type { RtspSecretColumn005 } from './securityTables.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: written as a JSON string, read back parsed (both drivers). */
type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint columns: the pg driver answers text, PGlite a number; read them through Number(). */
type BigIntColumn = ColumnType<string | number, string | number, string | number>;

/** Columns 004 adds to `devices`. */
export interface DeviceColumns004 {
  simulated: Generated<boolean>;
  online: boolean | null;
  sourceFps: number | null;
  snapshotPath: string | null;
  snapshotAt: NullableTimestamp;
  videoPath: string | null;
  duration: number | null;
  fileSize: BigIntColumn | null;
  startedAt: NullableTimestamp;
}

/** Columns 083 adds to `devices`: how its edge box pulls and records it, and the box's last report of its stream. */
export interface DeviceColumns083 {
  streamTransport: Generated<'auto' | 'tcp' | 'udp'>;
  recordContinuous: Generated<boolean>;
  recordSegmentSeconds: Generated<number>;
  recordPreSeconds: Generated<number>;
  recordPostSeconds: Generated<number>;
  /** EdgeStreamReport as the contract validated it (jsonb). */
  streamReport: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  streamReportedAt: NullableTimestamp;
}

/** Columns 004 adds to `edge_boxes`. */
export interface EdgeBoxColumns004 {
  sdcApps: Json<unknown[]>;
  sdcTopics: Json<unknown[]>;
  taskUpdatedAt: NullableTimestamp;
  taskDeliveredAt: NullableTimestamp;
}

export interface CatalogueEventTypeTable {
  id: Generated<number>;
  typeName: string;
  parentId: number | null;
  sort: Generated<number>;
  remark: Generated<string>;
  createdAt: CreatedAt;
}

export interface CatalogueEventTable {
  id: Generated<number>;
  eventId: number;
  eventName: string;
  eventType: 'violation' | 'road' | 'custom';
  appName: Generated<string>;
  typeId: number;
  enabled: Generated<boolean>;
  version: Generated<string>;
  remark: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface SceneEventTable {
  sceneId: number;
  eventId: number;
}

export interface SceneViolationTable {
  sceneId: number;
  violationId: number;
}

export interface DeviceEventConfigTable {
  id: Generated<number>;
  deviceId: number;
  eventId: number;
  typeId: number;
  appName: string;
  eventName: string | null;
  status: Generated<number>;
  config: Json<Record<string, unknown>>;
  secondaryParam: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface DeviceOutputTable {
  id: Generated<number>;
  deviceId: number;
  name: string;
  outputType: 'http' | 'mqtt' | 'kafka';
  target: string;
  topic: string | null;
  eventIds: Json<number[]>;
  enabled: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface DeviceRelayTable {
  deviceId: number;
  relayKey: string;
  startedAt: CreatedAt;
  lastUsedAt: CreatedAt;
}

export interface CtrlUnitTable {
  id: Generated<number>;
  name: string;
  code: string;
  parentId: number | null;
  address: string | null;
  createdAt: CreatedAt;
}

export interface CameraEntryTable extends RtspSecretColumn005 {
  id: Generated<number>;
  name: string;
  code: string;
  ctrlUnitId: number | null;
  deviceId: number | null;
  ip: string | null;
  port: number | null;
  rtspUrl: string | null;
  brand: string | null;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  remark: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface DetectionTaskTable extends DetectionTaskColumns021 {
  id: Generated<number>;
  deviceId: number;
  name: string;
  config: Json<Record<string, unknown>>;
  startState: Generated<number>;
  runState: Generated<number>;
  runMessage: string | null;
  startedAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface TaskPlanResult {
  status: 'success' | 'partial' | 'failed';
  okCount: number;
  failCount: number;
  message: string | null;
}

export interface TaskPlanTable {
  id: Generated<number>;
  name: string;
  action: 'start' | 'stop';
  executeTime: string;
  weeks: Json<number[]>;
  onceDate: string | null;
  enabled: Generated<boolean>;
  remark: string | null;
  nextRunAt: NullableTimestamp;
  lastRunAt: NullableTimestamp;
  lastResult: ColumnType<TaskPlanResult | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface TaskPlanCameraTable {
  planId: number;
  deviceId: number;
}

export interface TaskPlanRunTable {
  id: Generated<number>;
  planId: number;
  triggerKind: 'schedule' | 'manual';
  scheduledFor: NullableTimestamp;
  runAt: Timestamp;
  status: TaskPlanResult['status'];
  okCount: number;
  failCount: number;
  message: string | null;
}

export interface EdgeBoxPlatformConfigTable {
  boxId: number;
  platformHost: string;
  platformPort: number;
  protocol: Generated<string>;
  heartbeatSeconds: Generated<number>;
  uploadImage: Generated<boolean>;
  uploadVideo: Generated<boolean>;
  timeSyncServer: string | null;
  updatedAt: CreatedAt;
}

export interface EdgeBoxCommandTable {
  id: Generated<number>;
  boxId: number;
  command: string;
  payload: Json<Record<string, unknown>>;
  createdAt: CreatedAt;
  deliveredAt: NullableTimestamp;
}

export interface EdgeBoxAssignmentTable {
  boxId: number;
  deviceId: number;
  eventIds: Json<number[]>;
  runState: Generated<number>;
}

export interface GovernanceTaskTable {
  id: Generated<number>;
  boxId: number;
  name: string;
  cameraIds: Json<number[]>;
  eventIds: Json<number[]>;
  startTime: Timestamp;
  endTime: Timestamp;
  cancelledAt: NullableTimestamp;
  remark: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface WorkClothesTable {
  id: Generated<number>;
  boxId: number | null;
  name: string;
  imagePath: string;
  remark: string | null;
  createdAt: CreatedAt;
}

export interface DeviceConfigTables {
  catalogueEventTypes: CatalogueEventTypeTable;
  catalogueEvents: CatalogueEventTable;
  sceneEvents: SceneEventTable;
  sceneViolations: SceneViolationTable;
  deviceEventConfigs: DeviceEventConfigTable;
  deviceOutputs: DeviceOutputTable;
  deviceRelays: DeviceRelayTable;
  ctrlUnits: CtrlUnitTable;
  cameraEntries: CameraEntryTable;
  detectionTasks: DetectionTaskTable;
  taskPlans: TaskPlanTable;
  taskPlanCameras: TaskPlanCameraTable;
  taskPlanRuns: TaskPlanRunTable;
  edgeBoxPlatformConfigs: EdgeBoxPlatformConfigTable;
  edgeBoxCommands: EdgeBoxCommandTable;
  edgeBoxAssignments: EdgeBoxAssignmentTable;
  governanceTasks: GovernanceTaskTable;
  workClothes: WorkClothesTable;
}
