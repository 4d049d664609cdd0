// system: the recording retention settings (/system/recordingConfig, one document in site_settings) and what the
// continuous recordings use of the data directory's disk now (/system/recordingStorage). Saving wakes the retention
// loop, so a tighter setting applies at once.
import { formatTime } from '../../http/format.ts';
import type { HandlerMap } from '../../http/handler.ts';
import { continuousTotals, floorBytes, readRecordingConfig, statfsUsage, writeRecordingConfig } from '../video/recordingRetention.ts';
import type { Ctx } from '../shared/contractTypes.ts';

export const recordingSettingsHandlers: HandlerMap = {
  getRecordingConfig: ({ db }: Ctx<'getRecordingConfig'>) => readRecordingConfig(db),

  async saveRecordingConfig({ db, body, services }: Ctx<'saveRecordingConfig'>) {
    await writeRecordingConfig(db, body);
    services.recordingRetention?.wake();
    return null;
  },

  async getRecordingStorage({ db, services }: Ctx<'getRecordingStorage'>) {
    const [config, totals, disk] = await Promise.all([
      readRecordingConfig(db),
      continuousTotals(db),
      (services.config.recordingDisk ?? statfsUsage)(services.config.dataDir),
    ]);
    const floor = floorBytes(config, disk);
    return {
      recordingBytes: totals.bytes,
      segments: totals.segments,
      oldestTime: formatTime(totals.oldest),
      diskBytes: Math.round(disk.total),
      freeBytes: Math.round(disk.free),
      shareLimitBytes: Math.round((config.maxDiskSharePercent / 100) * disk.total),
      floorBytes: Math.round(floor),
      acceptingUploads: disk.free > floor,
    };
  },
};
