// Row types of the alarm-centre tables (migration 003_alarms.sql), as Kysely sees them (camelCase).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns: the pg driver answers text, PGlite a number; read them through Number(). */
type BigIntColumn = ColumnType<string | number, string | number, string | number>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AlarmTable {
  id: Generated<number>;
  seq: BigIntColumn;
  cameraId: number;
  cameraName: string;
  boxId: number | null;
  boxEventId: string | null;
  eventType: number;
  alarmTime: Timestamp;
  confidence: number;
  boxX: number;
  boxY: number;
  boxW: number;
  boxH: number;
  imageWidth: number;
  imageHeight: number;
  imagePath: string | null;
  attributes: Json<Record<string, unknown>>;
  status: Generated<number>;
  handleUser: string | null;
  handleTime: NullableTimestamp;
  handleRemark: string | null;
  dealResult: string | null;
  dealUser: string | null;
  dealTime: NullableTimestamp;
  checkResult: number | null;
  checkUser: string | null;
  checkTime: NullableTimestamp;
  againCount: Generated<number>;
  dealImages: Json<string[]>;
  errDetection: Generated<boolean>;
  simulated: Generated<boolean>;
  sceneId: number | null;
  sceneName: string | null;
  createdAt: CreatedAt;
  deletedAt: NullableTimestamp;
  deletedBy: string | null;
}

/** Maintained by triggers (003_alarms.sql); read-only for the application. */
export interface AlarmHourCountTable {
  hour: Timestamp;
  status: number;
  road: boolean;
  simulated: boolean;
  n: number;
}

/** Live alarms per camera, state and kind (migration 074), for the camera filter's counts. */
export interface AlarmCameraCountTable {
  cameraId: number;
  status: number;
  road: boolean;
  n: number;
}

export interface AlarmHandleLogTable {
  id: ColumnType<string | number, never, never>;
  alarmId: number;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  userName: string;
  remark: string | null;
  createdAt: CreatedAt;
}

export interface ErrDetectionLibTable {
  id: Generated<number>;
  alarmId: number;
  cameraId: number;
  eventType: number;
  boxX: number;
  boxY: number;
  boxW: number;
  boxH: number;
  remark: string | null;
  createUser: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface LabelStudioTaskTable {
  id: Generated<number>;
  alarmId: number;
  project: string;
  taskId: number;
  url: string | null;
  createUser: string;
  createdAt: CreatedAt;
}

export interface VideoDownloadTable {
  id: Generated<number>;
  name: string;
  cameraId: number;
  cameraName: string;
  startTime: Timestamp;
  endTime: Timestamp;
  status: Generated<number>;
  progress: Generated<number>;
  size: BigIntColumn | null;
  filePath: string | null;
  errorMsg: string | null;
  createUserId: number;
  createUser: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface VideoRecordTable {
  id: Generated<number>;
  cameraId: number;
  cameraName: string;
  startTime: Timestamp;
  endTime: Timestamp;
  size: BigIntColumn | null;
  playUrl: string;
  createdAt: CreatedAt;
  boxId: number | null;
  alarmId: number | null;
  filePath: string | null;
  /** JSON: [{t, x, y, w, h}] (migration 070). */
  track: ColumnType<TrackPoint[], string | undefined, string>;
  width: number | null;
  height: number | null;
  /** 'clip' (an alarm's) or 'continuous' (a segment of continuous recording; migration 084). */
  kind: Generated<'clip' | 'continuous'>;
}

export interface VideoValidationFrameRow {
  index: number;
  second: number;
  score: number;
  triggered: boolean;
  url: string;
}

/** Migration 071: video validation jobs. */
export interface VideoValidationTable {
  id: Generated<number>;
  modelId: number;
  userId: number;
  state: Generated<'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  frameCount: Generated<number>;
  threshold: number;
  error: string | null;
  frames: ColumnType<VideoValidationFrameRow[], string | undefined, string>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface TrackPoint {
  t: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface AlarmTables {
  alarms: AlarmTable;
  alarmHourCounts: AlarmHourCountTable;
  alarmCameraCounts: AlarmCameraCountTable;
  alarmHandleLogs: AlarmHandleLogTable;
  errDetectionLib: ErrDetectionLibTable;
  labelStudioTasks: LabelStudioTaskTable;
  videoDownloads: VideoDownloadTable;
  videoRecords: VideoRecordTable;
  videoValidations: VideoValidationTable;
}
