// Which rule a camera's file:// stream address passes on the platform (README, "Run a box on another machine").
// The in-process box (this server's own, whose credentials the seed wrote to <dataDir>/demo-edge-box.json) reads
// files under this server's media folder (EDGE_MEDIA_DIR): its cameras' addresses — and those of a camera on no box
// yet — are checked against that folder, links followed. A box on another machine has a media folder of its own
// (its --media-dir) that this server does not know: its cameras' file addresses pass as absolute, normalised paths
// only, this server's file system is not looked at, and the box refuses what is not under its own folder (the
// camera's stream state then says so). The platform itself never opens a camera's address: live view, snapshots and
// recordings all come from the box.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { edgeMediaDir, type ServerConfig } from '../../config.ts';
import { DEMO_EDGE_BOX_FILE } from '../../db/seed/demoEdgeBox.ts';
import type { OutboundPolicy } from '../../http/outbound.ts';

const inProcess = new Map<string, number>();

/** The id of the box this server runs in-process, or null on a site seeded without one. */
export function inProcessBoxId(dataDir: string): number | null {
  const known = inProcess.get(dataDir);
  if (known !== undefined) return known;
  const file = join(dataDir, DEMO_EDGE_BOX_FILE);
  if (!existsSync(file)) return null;
  try {
    const { boxId } = JSON.parse(readFileSync(file, 'utf8')) as { boxId?: unknown };
    if (typeof boxId !== 'number' || !Number.isInteger(boxId)) return null;
    inProcess.set(dataDir, boxId);
    return boxId;
  } catch {
    return null;
  }
}

/** The file rule of the outbound check for a camera on `boxId` (null: on no box). */
export function streamFilePolicy(config: Pick<ServerConfig, 'dataDir' | 'edge'>, boxId: number | null): Pick<OutboundPolicy, 'mediaRoot' | 'remoteFiles'> {
  if (boxId === null || boxId === inProcessBoxId(config.dataDir)) return { mediaRoot: edgeMediaDir(config) };
  return { remoteFiles: true };
}
