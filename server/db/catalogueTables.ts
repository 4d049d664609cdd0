// Kysely types of the catalogue tables (migrations 020–024): models and their types and scenes, the system
// catalogues (time models, image tags, tags, camera groups, units) and algorithm runs.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type BigCount = ColumnType<number, number | string | bigint, number | string | bigint>;

export interface ModelTypeTable {
  id: Generated<number>;
  typeName: string;
  typeCode: string;
  sort: Generated<number>;
  remark: Generated<string>;
  createdAt: CreatedAt;
}

export interface ModelSceneTable {
  id: Generated<number>;
  sceneName: string;
  description: Generated<string>;
  coverUrl: string | null;
  sort: Generated<number>;
  status: Generated<0 | 1>;
  createdAt: CreatedAt;
}

export interface ModelTable {
  id: Generated<number>;
  name: string;
  version: string;
  modelTypeId: number;
  modelSceneId: number | null;
  fileName: string;
  filePath: string;
  size: BigCount;
  checksum: string;
  status: Generated<0 | 1 | 2>;
  downloads: Generated<number>;
  description: Generated<string>;
  eventIds: ColumnType<number[], string | undefined, string>;
  userName: string;
  setupEventId: number | null;
  publishedAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface ModelSampleTable {
  id: Generated<number>;
  modelId: number;
  imagePath: string;
  sort: Generated<number>;
}

export interface TimeWindow {
  startTime: string;
  endTime: string;
}

export interface TimeModelTable {
  id: Generated<number>;
  name: string;
  weeks: Json<number[]>;
  times: Json<TimeWindow[]>;
  remark: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface ImgTagTable {
  id: Generated<number>;
  tagName: string;
  color: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  createdAt: CreatedAt;
}

export interface AlarmImgTagTable {
  tagId: number;
  alarmId: BigCount;
}

export interface TagTable {
  id: Generated<number>;
  tagName: string;
  tagType: 'camera' | 'event' | 'alarm';
  color: Generated<string>;
  remark: Generated<string>;
  sort: Generated<number>;
  createdAt: CreatedAt;
}

export interface TagLinkTable {
  tagId: number;
  targetId: BigCount;
}

export interface CameraGroupTable {
  id: Generated<number>;
  groupName: string;
  parentId: number | null;
  sort: Generated<number>;
  remark: Generated<string>;
  createdAt: CreatedAt;
}

export interface CameraGroupMemberTable {
  groupId: number;
  deviceId: number;
}

export interface UnitTable {
  id: Generated<number>;
  unitName: string;
  unitCode: Generated<string>;
  parentId: number | null;
  sort: Generated<number>;
  remark: Generated<string>;
  createdAt: CreatedAt;
}

/** Columns later migrations add to existing tables. */
export interface DetectionTaskColumns021 {
  timeModelId: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface DeviceColumns021 {
  unitId: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CatalogueTables {
  modelTypes: ModelTypeTable;
  modelScenes: ModelSceneTable;
  models: ModelTable;
  modelSamples: ModelSampleTable;
  timeModels: TimeModelTable;
  imgTags: ImgTagTable;
  alarmImgTags: AlarmImgTagTable;
  tags: TagTable;
  tagLinks: TagLinkTable;
  cameraGroups: CameraGroupTable;
  cameraGroupMembers: CameraGroupMemberTable;
  units: UnitTable;
}

export interface AlgorithmRunTable {
  id: Generated<number>;
  modelId: number;
  deviceId: number;
  startState: Generated<1 | 2>;
  runState: Generated<0 | 1 | 2 | 3>;
  runMessage: string | null;
  userName: string;
  startedAt: NullableTimestamp;
  stoppedAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface AlgorithmParamsTable {
  appName: string;
  params: Json<Record<string, unknown>>;
  userName: string;
  updatedAt: CreatedAt;
}

export interface RunTables {
  algorithmRuns: AlgorithmRunTable;
  algorithmParams: AlgorithmParamsTable;
}
