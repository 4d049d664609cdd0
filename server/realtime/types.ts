// What the rest of the server sees of the realtime push: a poke after alarms commit, and status notices.
import type { AlarmRow } from '../modules/alarms/alarmRecords.ts';
import type { Schema } from '../modules/shared/contractTypes.ts';

export type StatusNotice = Schema<'AlarmWsStatusMessage'>['data'];

export interface AlarmBus {
  /** PostgreSQL: alarm inserts NOTIFY the other server instances (see server/realtime/pgFanout.ts). */
  readonly crossInstance: boolean;
  /** This instance's id, in the notices it sends (its own alarm notices are not read back: see pgFanout.ts). */
  readonly origin: string;
  /** Called after an alarm transaction commits: the hub reads the new alarms by seq and pushes them. */
  alarmsCommitted(): void;
  /** Called with each alarm row this instance stored, after its commit: pushed in seq order. */
  alarmStored(row: AlarmRow): void;
  /** Alarms changed state or were deleted: pushed live to every connection (and every instance). */
  statusChanged(notice: StatusNotice): Promise<void>;
}

/** Channels of the cross-instance fan-out. */
export const ALARM_CHANNEL = 'argus_alarm';
export const STATUS_CHANNEL = 'argus_alarm_status';
