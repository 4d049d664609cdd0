// Kysely types of the orchestration tables (migration 030).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface SetupEventTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  param: Generated<string>;
  sataus: Generated<0 | 1 | 2>;
  customEventType: 1 | 2 | 3;
  eventName: Generated<string>;
  eventId: number | null;
  version: Generated<string>;
  remark: Generated<string>;
  info1: Generated<string>;
  buttonType: Generated<'validate' | 'train' | 'orchestrate'>;
  userName: string;
  validatedParamSha256: string | null;
  validatedAt: NullableTimestamp;
  catalogueEventId: number | null;
  publishedVersion: string | null;
  publishedAt: NullableTimestamp;
  downloads: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: CreatedAt;
}

export interface SetupEventVersionTable {
  id: Generated<number>;
  setupEventId: number;
  version: string;
  name: string;
  eventName: string;
  eventId: number;
  description: string;
  param: string;
  customEventType: 1 | 2 | 3;
  typeId: number;
  appName: Generated<string>;
  remark: Generated<string>;
  userName: string;
  publishedAt: CreatedAt;
}

export interface ValidationImageRecord {
  fileName: string;
  width: number;
  height: number;
  passed: number;
  triggered: boolean;
}

export interface SetupEventValidationTable {
  id: Generated<number>;
  setupEventId: number;
  userName: string;
  paramSha256: string;
  prompts: Json<{ prompt: string; supported: boolean }[]>;
  boxThreshold: number;
  images: Json<ValidationImageRecord[]>;
  imageCount: number;
  triggeredCount: number;
  costMs: number;
  createdAt: CreatedAt;
}

export interface OrchestrationTables {
  setupEvents: SetupEventTable;
  setupEventVersions: SetupEventVersionTable;
  setupEventValidations: SetupEventValidationTable;
}
