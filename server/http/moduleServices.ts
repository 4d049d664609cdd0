// The services of the areas (and the websocket alarm push) that buildApp sets on AppServices (server/http/handler.ts), added to that interface by
// declaration merging here: handler.ts, which every handler imports, then imports no area's code, and the areas'
// handlers and their services do not form one import cycle with it (scripts/importCycles.ts). TypeScript reads this
// file as part of the server's program (tsconfig.server.json includes server/); it has no code at run time.
import type { PollingLoop } from '../jobs/pollingLoop.ts';
import type { BoxSockets } from '../modules/edgeBox/boxSockets.ts';
import type { PushDelivery } from '../modules/push/deliveryLoop.ts';
import type { RetrievalIndex } from '../modules/retrieval/indexLoop.ts';
import type { ResourceSampler } from '../modules/stats/resourceSampler.ts';
import type { TrainRunner } from '../modules/training/trainQueue.ts';
import type { LiveHub } from '../modules/video/liveHub.ts';
import type { AlarmBus } from '../realtime/types.ts';

declare module './handler.ts' {
  interface AppServices {
    /** The websocket alarm push (server/realtime); set by buildApp. */
    realtime?: AlarmBus;
    /** Measures this server's host (server/modules/stats/resourceSampler.ts); set by buildApp. */
    resourceSampler?: ResourceSampler;
    /** The training queue's runner (server/modules/training/trainQueue.ts); set by buildApp. */
    trainRunner?: TrainRunner;
    /** Delivers queued pushes to third-party endpoints (server/modules/push/deliveryLoop.ts); set by buildApp. */
    pushDelivery?: PushDelivery;
    /** Embeds stored alarms for target retrieval (server/modules/retrieval/indexLoop.ts); set by buildApp when on. */
    retrievalIndex?: RetrievalIndex;
    /** The boxes' sockets on this instance (server/modules/edgeBox/boxSockets.ts); set by buildApp. */
    boxSockets?: BoxSockets;
    /** The live viewers per camera (server/modules/video/liveHub.ts); set by buildApp. */
    live?: LiveHub;
    /** Deletes continuous recordings by the retention settings (server/modules/video/recordingRetention.ts). */
    recordingRetention?: PollingLoop;
  }
}
