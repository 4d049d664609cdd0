// Row types of the tables, as Kysely sees them (camelCase through CamelCasePlugin).
import type { ColumnType, Generated } from 'kysely';
import type { AlarmTables } from './alarmTables.ts';
import type { DashTables } from './dashTables.ts';
import type { CatalogueTables, DeviceColumns021, RunTables } from './catalogueTables.ts';
import type { DeviceColumns004, DeviceColumns083, DeviceConfigTables, EdgeBoxColumns004 } from './deviceConfigTables.ts';
import type { LicensingTables } from './licensingTables.ts';
import type { OrchestrationTables } from './orchestrationTables.ts';
import type { RtspSecretColumn005, SecurityTables } from './securityTables.ts';
import type { EvaluationTables, TrainingTables } from './trainingTables.ts';
import type { VideoTables } from './videoTables.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Serial = Generated<number>;

export interface DeptTable {
  id: Serial;
  parentId: Generated<number>;
  deptName: string;
  sort: Generated<number>;
  leader: string | null;
  phone: string | null;
  createdAt: CreatedAt;
}

export interface ModuleTable {
  id: Serial;
  parentId: Generated<number>;
  moduleName: string;
  moduleNameEn: string;
  moduleIcon: string | null;
  moduleNumber: string;
  moduleDescription: string | null;
  moduleType: Generated<'menu' | 'button'>;
  sort: Generated<number>;
  visible: Generated<boolean>;
}

export interface RoleTable {
  id: Serial;
  roleName: string;
  remark: string | null;
  createdAt: CreatedAt;
}

export interface RoleModuleTable {
  roleId: number;
  moduleId: number;
}

export interface UserTable {
  id: Serial;
  username: string;
  realName: string;
  passwordHash: string;
  deptId: number;
  roleId: number;
  phone: string | null;
  idCard: string | null;
  email: string | null;
  avatar: string | null;
  status: Generated<number>;
  remark: string | null;
  failedLogins: Generated<number>;
  lockedUntil: NullableTimestamp;
  lastLoginAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface SessionTable {
  id: Serial;
  tokenHash: string;
  userId: number;
  loginCode: string;
  ip: string | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface ThirdLoginCodeTable {
  codeHash: string;
  userId: number;
  createdBy: number | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface KeyValueTable {
  key: string;
  value: string;
  updatedAt: CreatedAt;
}

export interface CityConfigTable {
  userId: number;
  key: string;
  value: string;
  updatedAt: CreatedAt;
}

export interface LicenceTable {
  id: Generated<number>;
  company: string;
  machineCode: string;
  expireAt: Timestamp;
  maxCameras: number;
  modules: Generated<string>;
}

export interface CompanyApplicationTable {
  id: Serial;
  companyName: string;
  contact: string;
  phone: string;
  email: string | null;
  purpose: string | null;
  machineCode: string | null;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface OperationLogTable {
  id: ColumnType<string, never, never>;
  userId: number | null;
  username: string | null;
  operationId: string;
  summary: string;
  method: string;
  path: string;
  params: string | null;
  code: number;
  msg: string | null;
  /** The message's key and parameters (JSON), when written from one (migration 075): read in the reader's language. */
  msgKey: string | null;
  msgParams: string | null;
  ip: string | null;
  durationMs: number;
  createdAt: CreatedAt;
}

export interface SceneTable {
  id: Serial;
  sceneName: string;
  status: Generated<number>;
  remark: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface EdgeBoxTable extends EdgeBoxColumns004 {
  id: Serial;
  name: string;
  serialNumber: string;
  secretHash: string;
  ip: string | null;
  model: string | null;
  version: string | null;
  lastHeartbeatAt: NullableTimestamp;
  cpuUsage: number | null;
  memoryUsage: number | null;
  diskUsage: number | null;
  longitude: number | null;
  latitude: number | null;
  /** 006: a simulated box (the demo site's). */
  simulated: Generated<boolean>;
  /** 084: when its box socket last opened and closed (any instance). */
  socketOpenedAt: NullableTimestamp;
  socketClosedAt: NullableTimestamp;
  address: string | null;
  remark: string | null;
  createdAt: CreatedAt;
}

export interface DeviceTable extends DeviceColumns004, RtspSecretColumn005, DeviceColumns021, DeviceColumns083 {
  id: Serial;
  name: string;
  kind: Generated<'normal' | 'image' | 'offline'>;
  serialnumber: string | null;
  ip: string | null;
  port: number | null;
  rtspUrl: string | null;
  username: string | null;
  passwordEnc: string | null;
  brand: string | null;
  boxId: number | null;
  sceneId: number | null;
  startState: Generated<number>;
  runState: Generated<number>;
  runMessage: string | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  remark: string | null;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface Database extends AlarmTables, CatalogueTables, DashTables, DeviceConfigTables, EvaluationTables, LicensingTables, OrchestrationTables, RunTables, SecurityTables, TrainingTables, VideoTables {
  depts: DeptTable;
  modules: ModuleTable;
  roles: RoleTable;
  roleModules: RoleModuleTable;
  users: UserTable;
  sessions: SessionTable;
  thirdLoginCodes: ThirdLoginCodeTable;
  systemConfig: KeyValueTable;
  cityConfig: CityConfigTable;
  siteSettings: KeyValueTable;
  licence: LicenceTable;
  companyApplications: CompanyApplicationTable;
  operationLogs: OperationLogTable;
  scenes: SceneTable;
  edgeBoxes: EdgeBoxTable;
  devices: DeviceTable;
}
