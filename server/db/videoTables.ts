// Row types of the live-view tables (migration 084_live_video.sql), as Kysely sees them (camelCase).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A one-use live-view ticket: its hash, the session and user it was made for, the camera, and when it ends. */
export interface LiveTicketTable {
  id: Generated<number>;
  ticketHash: string;
  userId: number;
  sessionHash: string;
  cameraId: number;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface VideoTables {
  liveTickets: LiveTicketTable;
}
