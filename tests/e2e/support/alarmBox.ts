// An edge box for the alarm tests: posts alarms through the real ingest API (POST /api/ingest/alarm) with the
// credentials the demo seed wrote to <dataDir>/demo-boxes.json. The e2e server runs on a fresh temporary data dir
// (serveFreshServer.ts: <tmp>/argus-e2e-*); ARGUS_E2E_DATA_DIR names it explicitly, otherwise the newest such dir
// whose credentials the server accepts is used (a stale dir left by a killed run is refused with 401 and skipped).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BoxCredentials, loadBoxes, type PostResult, postAlarm } from '../../../server/simulator/edgeBox.ts';

function candidateDirs(): string[] {
  const named = process.env.ARGUS_E2E_DATA_DIR;
  if (named) return [named];
  const root = tmpdir();
  return readdirSync(root)
    .filter((name) => name.startsWith('argus-e2e-'))
    .map((name) => join(root, name))
    .filter((dir) => existsSync(join(dir, 'demo-boxes.json')))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
}

let found: BoxCredentials | null = null;

/** Posts one alarm of `eventType` as the demo site's first box; answers the stored alarm's id and seq. */
export async function postTestAlarm(baseURL: string, eventType: number, attributes: Record<string, string | number | boolean> = {}): Promise<{ id: number; seq: number }> {
  const tried: string[] = [];
  const boxes = found ? [found] : candidateDirs().flatMap((dir) => loadBoxes(join(dir, 'demo-boxes.json')).slice(0, 1));
  for (const box of boxes) {
    const result: PostResult = await postAlarm(baseURL, box, eventType, attributes);
    if (result.ok && result.id && result.seq) {
      found = box;
      return { id: result.id, seq: result.seq };
    }
    tried.push(`box ${box.boxId}: ${result.code} ${result.msg}`);
  }
  throw new Error(`no edge box credentials were accepted (${tried.join('; ') || 'no argus-e2e-* data dir found'})`);
}
