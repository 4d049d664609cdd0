// Box wake-ups: the database notifies 'argus_box_wake' with a box id when what that box's heartbeat answer carries
// changes (migration 084's triggers: a command queued, a version to sync, a camera's settings or event
// configurations), once the change commits. Every instance listens; the one holding the box's socket sends it
// {type: 'wake'}. Embedded PGlite delivers its own notices; on PostgreSQL a connection of its own LISTENs
// (pgFanout.ts), so an instance hears what another one committed.
import type { ServerConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { type FanoutListener, listenChannels } from './pgFanout.ts';

export const BOX_WAKE_CHANNEL = 'argus_box_wake';

export async function listenForBoxWakes(
  database: DatabaseHandle,
  config: ServerConfig,
  onWake: (boxId: number) => void,
  onError: (error: Error) => void,
): Promise<FanoutListener> {
  const handle = (payload: string) => {
    const boxId = Number(payload);
    if (Number.isInteger(boxId) && boxId > 0) onWake(boxId);
  };
  if (database.kind === 'postgres' && config.databaseUrl) {
    return listenChannels(config.databaseUrl, { channels: { [BOX_WAKE_CHANNEL]: handle }, onError });
  }
  if (!database.listen) return { close: async () => undefined };
  const unlisten = await database.listen(BOX_WAKE_CHANNEL, handle);
  return { close: unlisten };
}
