// POST /device/streamStates: the stream states of the cameras a list shows, which it refreshes every 10 s.
import type { HandlerMap } from '../../http/handler.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { deviceQuery } from './deviceRecords.ts';
import { streamStateOf } from './streamState.ts';

export const streamStateHandlers: HandlerMap = {
  async listDeviceStreamStates({ db, body }: Ctx<'listDeviceStreamStates'>) {
    const ids = [...new Set(body.cameraIds)];
    const rows = await deviceQuery(db).where('devices.id', 'in', ids).orderBy('devices.id').execute();
    const now = new Date();
    return { list: rows.map((r) => ({ cameraId: r.id, stream: streamStateOf(r, now) })) };
  },
};
