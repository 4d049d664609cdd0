// The call of the target retrieval screen (POST /targetRetrieval/list). Quiet: the screen shows failures in place.
import { ApiFailure, api, orThrow } from '../../api/client.ts';
import type { TargetRetrievalHit as RetrievalHit, TargetRetrievalPage as RetrievalPage, TargetRetrievalQuery as RetrievalQuery } from '../../api/schema.gen.ts';

export type { RetrievalQuery, RetrievalHit, RetrievalPage };

export async function searchTargets(query: RetrievalQuery, signal?: AbortSignal): Promise<RetrievalPage> {
  const page = await orThrow(api.post('/targetRetrieval/list', { body: query, signal, quiet: true }));
  if (!page) throw new ApiFailure(500, 'no page in the answer');
  return page;
}

/** A picked file as the data URL the contract takes. */
export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
