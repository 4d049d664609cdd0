// Kysely types of the training tables (migrations 050, 052, 053, 072, 087) and the evaluation tables (051).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type SampleLabel = 'positive' | 'negative' | 'unclassified';

export interface TrainSampleTable {
  id: Generated<number>;
  algorithmId: number;
  fileName: string;
  filePath: string;
  thumbPath: string;
  sha256: string;
  dhash: string;
  size: number;
  width: number;
  height: number;
  label: Generated<SampleLabel>;
  createdAt: CreatedAt;
}

export interface ImageEmbeddingTable {
  sha256: string;
  extractor: string;
  vector: Uint8Array;
  createdAt: CreatedAt;
}

export interface TrainJobTable {
  id: Generated<number>;
  algorithmId: number;
  state: Generated<0 | 1 | 2 | 3>;
  progress: Generated<number>;
  epochs: number;
  epoch: Generated<number>;
  loss: number | null;
  accuracy: number | null;
  positiveCount: number;
  negativeCount: number;
  remark: Generated<string>;
  message: Generated<string>;
  cancelRequested: Generated<boolean>;
  claimedBy: string | null;
  heartbeatAt: NullableTimestamp;
  attempts: Generated<number>;
  userName: string;
  modelId: number | null;
  version: string | null;
  startedAt: CreatedAt;
  endedAt: NullableTimestamp;
  /** Augmented copies of each image and whether they may be mirrored (migration 087). */
  augmentCopies: Generated<number>;
  augmentFlip: Generated<boolean>;
}

export interface TrainVersionTable {
  id: Generated<number>;
  algorithmId: number;
  jobId: number | null;
  version: string;
  source: Generated<'train' | 'import'>;
  publishedAt: NullableTimestamp;
  publishedBy: string | null;
  positiveCount: Generated<number>;
  negativeCount: Generated<number>;
  modelId: number | null;
  classifier: Json<unknown>;
  threshold: number;
  extractor: string;
  extractorHash: string;
  samples: Json<{ id: number; label: 'positive' | 'negative' }[]>;
  report: Json<unknown>;
  createdAt: CreatedAt;
}

export type TrainSyncStatus = 'pending' | 'delivered' | 'applied' | 'failed';

export interface TrainVersionSyncTable {
  id: Generated<number>;
  versionId: number;
  boxId: number;
  status: Generated<TrainSyncStatus>;
  reason: Generated<string>;
  userName: string;
  createdAt: CreatedAt;
  deliveredAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
}

/** Alarms whose objects the retrieval index loop has not embedded yet (migrations 072, 086). */
export interface EmbeddingBacklogTable {
  alarmId: number;
  claimedUntil: NullableTimestamp;
  attempts: Generated<number>;
}

/** One object of an alarm's snapshot, embedded for target retrieval (migration 086): object 0 is the alarm's own box. */
export interface RetrievalCropTable {
  alarmId: number;
  objectNo: number;
  label: string | null;
  score: number | null;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  extractor: string;
  vector: Uint8Array;
}

export interface TrainingTables {
  trainSamples: TrainSampleTable;
  imageEmbeddings: ImageEmbeddingTable;
  embeddingBacklog: EmbeddingBacklogTable;
  retrievalCrops: RetrievalCropTable;
  trainJobs: TrainJobTable;
  trainVersions: TrainVersionTable;
  trainVersionSyncs: TrainVersionSyncTable;
}

export interface EvalDatasetTable {
  id: Generated<number>;
  name: string;
  source: Generated<'upload' | 'builtin'>;
  userName: string;
  createdAt: CreatedAt;
}

export interface EvalImageTable {
  id: Generated<number>;
  datasetId: number | null;
  fileName: string;
  filePath: string;
  sha256: string;
  size: number;
  label: 'positive' | 'negative' | null;
  createdAt: CreatedAt;
}

export interface EvalTaskTable {
  id: Generated<number>;
  modelId: number;
  eventId: number | null;
  datasetId: number;
  evalType: 1 | 2;
  state: Generated<0 | 1 | 2 | 3>;
  progress: Generated<number>;
  message: Generated<string>;
  metrics: ColumnType<unknown | null, string | null | undefined, string | null>;
  heartbeatAt: CreatedAt;
  userName: string;
  startedAt: CreatedAt;
  endedAt: NullableTimestamp;
}

export interface EvaluationTables {
  evalDatasets: EvalDatasetTable;
  evalImages: EvalImageTable;
  evalTasks: EvalTaskTable;
}
