// An edge box for the alarm tests: posts alarms through the real ingest API (POST /api/ingest/alarm) with the
// credentials the demo seed wrote to <dataDir>/demo-boxes.json; playwright.config.ts names the run's data dir in
// ARGUS_E2E_DATA_DIR for both the server and the tests.
import { join } from 'node:path';
import { type BoxCredentials, loadBoxes, type PostResult, postAlarm } from '../../../server/simulator/edgeBox.ts';

function dataDir(): string {
  const dir = process.env.ARGUS_E2E_DATA_DIR;
  if (!dir) throw new Error('ARGUS_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

let found: BoxCredentials | null = null;

/** Posts one alarm of `eventType` as the demo site's first box; answers the stored alarm's id and seq. */
export async function postTestAlarm(baseURL: string, eventType: number, attributes: Record<string, string | number | boolean> = {}): Promise<{ id: number; seq: number }> {
  found ??= loadBoxes(join(dataDir(), 'demo-boxes.json'))[0];
  const result: PostResult = await postAlarm(baseURL, found, eventType, attributes);
  if (!result.ok || !result.id || !result.seq) throw new Error(`the ingest refused the test alarm: ${result.code} ${result.msg}`);
  return { id: result.id, seq: result.seq };
}
