// Every operation of the alarms tag and the box ingest (tag realtime), by operationId.
import type { HandlerMap } from '../../http/handler.ts';
import { evidenceHandlers } from './evidenceHandlers.ts';
import { alarmExportHandlers } from './exportHandlers.ts';
import { ingestHandlers } from './ingestHandler.ts';
import { alarmListHandlers } from './listHandlers.ts';
import { transitionHandlers } from './transitionHandlers.ts';
import { undoHandlers } from './undoHandler.ts';

export const alarmHandlers: HandlerMap = {
  ...alarmListHandlers,
  ...transitionHandlers,
  ...undoHandlers,
  ...evidenceHandlers,
  ...alarmExportHandlers,
  ...ingestHandlers,
};
