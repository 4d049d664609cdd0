// Kysely types of the licensing and push tables (migrations 050, 051).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type JsonIds = ColumnType<number[], string | undefined, string>;

export interface AuthorizationTable {
  id: Generated<number>;
  applyNo: string;
  eventIds: JsonIds;
  quantity: number;
  grantedQuantity: number | null;
  status: Generated<0 | 1 | 2 | 3>;
  companyName: string;
  contactName: string;
  phone: string;
  remark: Generated<string>;
  grantRemark: Generated<string>;
  validTo: NullableTimestamp;
  userName: string;
  grantUser: string | null;
  grantedAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface AuthorizationArrangementTable {
  authorizationId: number;
  boxId: number;
  quantity: number;
  commandId: number | null;
  createdAt: CreatedAt;
}

export interface LicApplyTable {
  id: Generated<number>;
  companyName: string;
  contactName: string;
  phone: string;
  email: Generated<string>;
  machineCode: string;
  channelCount: number;
  validDays: number;
  status: Generated<0 | 1 | 2>;
  licenceCode: string | null;
  remark: Generated<string>;
  userName: string;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface InstallationKeyTable {
  id: Generated<number>;
  installationId: string;
  publicKey: string;
  privateKey: string;
  createdAt: CreatedAt;
}

export interface ActivationCodeTable {
  id: Generated<number>;
  nonce: string;
  code: string;
  status: Generated<0 | 1>;
  validDays: number;
  channelCount: number;
  eventIds: JsonIds;
  activateBefore: Timestamp;
  deviceSerial: string | null;
  activatedAt: NullableTimestamp;
  expiresAt: NullableTimestamp;
  remark: Generated<string>;
  userName: string;
  createdAt: CreatedAt;
}

export interface PlugIndustryTable {
  id: Generated<number>;
  industryName: string;
  protocol: 'http' | 'kafka' | 'mqtt';
  pushUrl: string;
  topic: Generated<string>;
  authToken: Generated<string>;
  eventIds: JsonIds;
  pushSwitch: Generated<0 | 1>;
  withImage: Generated<boolean>;
  remark: Generated<string>;
  lastPushAt: NullableTimestamp;
  lastPushState: Generated<0 | 1 | 2>;
  createdAt: CreatedAt;
}

export interface PushDeliveryTable {
  id: Generated<number>;
  industryId: number;
  alarmId: number | null;
  kind: 'alarm' | 'test';
  status: Generated<0 | 1 | 2>;
  attempts: Generated<number>;
  httpStatus: number | null;
  lastError: Generated<string>;
  nextAttemptAt: CreatedAt;
  claimedUntil: NullableTimestamp;
  deliveredAt: NullableTimestamp;
  createdAt: CreatedAt;
}

export interface LicensingTables {
  authorizations: AuthorizationTable;
  authorizationArrangements: AuthorizationArrangementTable;
  licApplies: LicApplyTable;
  installationKeys: InstallationKeyTable;
  activationCodes: ActivationCodeTable;
  plugIndustries: PlugIndustryTable;
  pushDeliveries: PushDeliveryTable;
}
