// Tables and columns of migration 005 (sign-in attempts, encrypted stream URL credentials).
import type { ColumnType } from 'kysely';

export interface LoginAttemptTable {
  name: string;
  failures: number;
  lockedUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SecurityTables {
  loginAttempts: LoginAttemptTable;
}

/** Columns 005 adds to devices and camera_entries. */
export interface RtspSecretColumn005 {
  rtspSecretEnc: string | null;
}
