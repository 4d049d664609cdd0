// Training through the API for the specs that need a trained algorithm of their own (video validation, adding an
// alarm to the samples).
import { trainingZip } from '../../../scripts/trainingDataset.ts';
import { expect } from './fixtures.ts';

/**
 * Signs in through the API and publishes an algorithm of its own, named `prefix` and a unique tail (the seeded ones
 * belong to other specs of the worker: a version trained on one of them changed trainingVersions.spec's comparison,
 * and samples uploaded to one moved the training list's first row to another step). Answers it with the token used.
 */
export async function publishedAlgorithm(baseURL: string, prefix: string): Promise<{ id: number; name: string; token: string }> {
  const json = async (res: Response) => (await res.json()) as { code: number; msg: string; token?: string; data: any };
  const send = (path: string, method: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${baseURL}/api${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const login = await json(await send('/user/login', 'POST', {}, { username: 'admin', password: 'Argus@2026' }));
  const headers = { token: login.token as string };
  const name = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const param = JSON.stringify({ identifyObj: { checked: true, prompt: ['fire'], box_threshold: 0.5 } });
  const draft = await json(await send('/custom/add', 'POST', headers, { name, customEventType: 3, param }));
  if (draft.code !== 0) throw new Error(`the algorithm was refused: ${draft.msg}`);
  const published = await json(await send('/custom/publish', 'PUT', headers, { id: draft.data.id, typeId: 2 }));
  if (published.code !== 0) throw new Error(`publishing was refused: ${published.msg}`);
  const list = await json(await send('/custom/warehouse/list', 'POST', headers, { name }));
  const algorithm = list.data.list[0] as { id: number; name: string };
  return { id: algorithm.id, name: algorithm.name, token: headers.token };
}

/** publishedAlgorithm, then trained on a generated fire / no-fire set. */
export async function trainedAlgorithm(baseURL: string, prefix = '视频验证'): Promise<{ id: number; name: string; token: string }> {
  const json = async (res: Response) => (await res.json()) as { code: number; msg: string; token?: string; data: any };
  const algorithm = await publishedAlgorithm(baseURL, prefix);
  const headers = { token: algorithm.token };
  const form = new FormData();
  form.set('algorithmId', String(algorithm.id));
  form.set('file', new Blob([new Uint8Array(await trainingZip({ name: 'clipfire', positive: 8, negative: 8, seed: 900 }))], { type: 'application/zip' }), 'clipfire.zip');
  const uploaded = await json(await fetch(`${baseURL}/api/warehouse/uploadAdjustmentFileZip`, { method: 'POST', headers, body: form }));
  if (uploaded.code !== 0) throw new Error(`upload refused: ${uploaded.msg}`);
  const started = await json(await fetch(`${baseURL}/api/warehouse/train`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ algorithmId: algorithm.id }) }));
  if (started.code !== 0) throw new Error(`training refused: ${started.msg}`);
  await expect
    .poll(async () => (await json(await fetch(`${baseURL}/api/warehouse/train/progress/${started.data.taskId}`, { headers }))).data.state, { timeout: 60_000 })
    .toBe(2);
  return algorithm;
}

