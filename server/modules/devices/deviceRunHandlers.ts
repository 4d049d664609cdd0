// Starting and stopping the analysis of devices, one at a time or in batches (spec §4 run states).
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { runBatch, startDevice, stopDevice } from './analysis.ts';

export const deviceRunHandlers: HandlerMap = {
  async startDevice({ db, body }: Ctx<'startDevice'>) {
    await startDevice(db, body.cameraId, body.eventId);
    return null;
  },

  async stopDevice({ db, body }: Ctx<'stopDevice'>) {
    await stopDevice(db, body.cameraId, body.eventId);
    return null;
  },

  batchStartDevices: ({ db, body, lang }: Ctx<'batchStartDevices'>) => runBatch(db, 'start', body.cameraIds, lang),
  batchStopDevices: ({ db, body, lang }: Ctx<'batchStopDevices'>) => runBatch(db, 'stop', body.cameraIds, lang),
};
