// An algorithm's classified images back as zips in the upload's layout (`<zip name>/positive/*`,
// `<zip name>/negative/*`), so a dataset leaves the platform the way it came in and re-imports through
// POST /warehouse/uploadAdjustmentFileZip. A dataset larger than one upload takes (100 images, 200 MB of images)
// is cut into parts, each a zip of its own named `<algorithm>-part<n>`. A part is streamed as it is read
// (zipWriter.ts): at most one image in memory, and reading stops when the client leaves.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { FileReply, type HandlerMap } from '../../http/handler.ts';
import { storedFilePath } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { MAX_PER_UPLOAD } from './sampleRules.ts';
import { requireAlgorithm } from './sampleStore.ts';
import { MAX_TOTAL_BYTES } from './zipArchive.ts';
import { type ZipSource, zipStream } from './zipWriter.ts';

interface ExportSample {
  id: number;
  label: string;
  fileName: string;
  filePath: string;
  size: number;
}

interface Part extends Schema<'TrainDatasetExportPart'> {
  samples: ExportSample[];
}

/** A name a zip and its outer folder can carry on any system: no separators, reserved or control characters. */
export function zipNameOf(algorithmName: string, algorithmId: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const cleaned = algorithmName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 100);
  return cleaned || `dataset-${algorithmId}`;
}

/** The classified images in id order, cut where a part would pass the upload's bounds. */
async function planParts(db: Kysely<Database>, algorithmId: number, algorithmName: string): Promise<Part[]> {
  const samples = await db
    .selectFrom('trainSamples')
    .select(['id', 'label', 'fileName', 'filePath', 'size'])
    .where('algorithmId', '=', algorithmId)
    .where('label', 'in', ['positive', 'negative'])
    .orderBy('id')
    .execute();
  const groups: ExportSample[][] = [];
  let current: ExportSample[] = [];
  let bytes = 0;
  for (const s of samples) {
    if (current.length >= MAX_PER_UPLOAD || (current.length > 0 && bytes + s.size > MAX_TOTAL_BYTES)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(s);
    bytes += s.size;
  }
  if (current.length > 0) groups.push(current);
  const base = zipNameOf(algorithmName, algorithmId);
  return groups.map((group, i) => ({
    part: i + 1,
    positive: group.filter((s) => s.label === 'positive').length,
    negative: group.filter((s) => s.label === 'negative').length,
    bytes: group.reduce((sum, s) => sum + s.size, 0),
    fileName: `${groups.length > 1 ? `${base}-part${i + 1}` : base}.zip`,
    samples: group,
  }));
}

/** The zip's entries: the three folders, then each image under its class with its uploaded name (made unique). */
export function partEntries(dataDir: string, part: Part): ZipSource[] {
  const folder = part.fileName.replace(/\.zip$/, '');
  const used = new Set<string>();
  const entries: ZipSource[] = [{ name: `${folder}/` }, { name: `${folder}/positive/` }, { name: `${folder}/negative/` }];
  for (const s of part.samples) {
    let name = s.fileName.replace(/^.*[\\/]/, '') || `${s.id}`;
    if (name.startsWith('.')) name = `${s.id}${name}`;
    const key = `${s.label}/${name.toLowerCase()}`;
    if (used.has(key)) {
      const dot = name.lastIndexOf('.');
      name = dot > 0 ? `${name.slice(0, dot)}-${s.id}${name.slice(dot)}` : `${name}-${s.id}`;
    }
    used.add(`${s.label}/${name.toLowerCase()}`);
    entries.push({ name: `${folder}/${s.label}/${name}`, path: storedFilePath(dataDir, s.filePath) });
  }
  return entries;
}

export const datasetExportHandlers: HandlerMap = {
  async planTrainDatasetExport({ db, body }: Ctx<'planTrainDatasetExport'>) {
    const algorithm = await requireAlgorithm(db, body.algorithmId);
    const parts = await planParts(db, algorithm.id, algorithm.name);
    return {
      algorithmId: algorithm.id,
      positive: parts.reduce((n, p) => n + p.positive, 0),
      negative: parts.reduce((n, p) => n + p.negative, 0),
      parts: parts.map(({ samples: _samples, ...part }) => part),
    } satisfies Schema<'TrainDatasetExportPlan'>;
  },

  async exportTrainDataset({ db, params, query, services }: Ctx<'exportTrainDataset'>) {
    const algorithm = await requireAlgorithm(db, Number(params.id));
    const parts = await planParts(db, algorithm.id, algorithm.name);
    const wanted = Number(query.part ?? 1);
    const part = parts[wanted - 1];
    if (!part) throw new ApiError(404, 'training.exportNoPart', { part: wanted, parts: parts.length });
    return new FileReply(zipStream(partEntries(services.config.dataDir, part)), 'application/zip', part.fileName);
  },
};
