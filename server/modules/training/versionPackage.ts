// A trained version as a package another Argus server reads back (contract: exportTrainVersion,
// importTrainVersion). The zip holds manifest.json (format, version of the format, algorithm, version, extractor
// name and weights hash, threshold, class counts), classifier.json and report.json. Import reads the zip from its
// central directory (zipArchive.ts: sizes and count bounded before inflating, traversal refused), refuses a package
// of another format or another feature extractor, checks the classifier's shape and the report against the
// contract, and stores the version as a training would (versionStore.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import JSZip from 'jszip';
import { loadContract } from '../../contract/loadContract.ts';
import { rewriteRefs, SCHEMA_ID } from '../../contract/registerOperations.ts';
import { ApiError } from '../../http/apiError.ts';
import { FileReply, type HandlerMap } from '../../http/handler.ts';
import { formParts } from '../../http/formParts.ts';
import { humanSize, sniffType } from '../../http/uploads.ts';
import { FEATURE_INFO } from '../../ml/features.ts';
import { FEATURE_DIM } from '../../ml/features/model.ts';
import { removeStoredFile } from '../devices/storedFiles.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { notFound } from '../shared/records.ts';
import { parseFormId } from './sampleHandlers.ts';
import { requireAlgorithm } from './sampleStore.ts';
import { readVersion } from './versionHandlers.ts';
import { storeVersion } from './versionStore.ts';
import { readCentralDirectory, readEntry } from './zipArchive.ts';

export const PACKAGE_FORMAT = 'argus-train-version';
export const PACKAGE_FORMAT_VERSION = 1;
export const MAX_PACKAGE_BYTES = 20 * 1024 * 1024;
const ENTRIES = ['manifest.json', 'classifier.json', 'report.json'] as const;

export interface PackageManifest {
  format: string;
  formatVersion: number;
  algorithm: string;
  version: string;
  extractor: string;
  extractorHash: string;
  featureDim: number;
  threshold: number;
  positiveCount: number;
  negativeCount: number;
  exportedAt: string;
}

const bad = (reason: string) => new ApiError(400, 'training.packageInvalid', { reason: reason.slice(0, 200) });

let reportValidator: ValidateFunction | null = null;
function validReport(report: unknown): boolean {
  if (!reportValidator) {
    const schemas = loadContract().schemas as Record<string, unknown>;
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ $id: SCHEMA_ID, type: 'object', definitions: rewriteRefs(schemas) });
    reportValidator = ajv.compile(rewriteRefs(schemas.TrainReport as object));
  }
  return reportValidator(report);
}

const finiteArray = (value: unknown, length: number) => Array.isArray(value) && value.length === length && value.every((n) => typeof n === 'number' && Number.isFinite(n));
const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 1000;

function parseJson(bytes: Buffer | undefined, entry: string): Record<string, unknown> {
  if (!bytes) throw bad(`${entry} is missing`);
  try {
    const value = JSON.parse(bytes.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  throw bad(`${entry} is not a JSON object`);
}

/** Checks a package's three documents; answers what to store. */
export function checkPackage(files: Map<string, Buffer>) {
  const manifest = parseJson(files.get('manifest.json'), 'manifest.json') as unknown as PackageManifest;
  if (manifest.format !== PACKAGE_FORMAT) throw bad(`format is not ${PACKAGE_FORMAT}`);
  if (manifest.formatVersion !== PACKAGE_FORMAT_VERSION) throw bad(`formatVersion ${String(manifest.formatVersion).slice(0, 20)} is not ${PACKAGE_FORMAT_VERSION}`);
  if (typeof manifest.extractorHash !== 'string' || manifest.extractorHash !== FEATURE_INFO.hash || manifest.extractor !== FEATURE_INFO.name) {
    throw new ApiError(400, 'training.packageExtractor', { extractor: String(manifest.extractor).slice(0, 128), ours: FEATURE_INFO.name });
  }
  // The same extractor answers vectors of one length: a classifier of another length could not score them.
  const dim = manifest.featureDim;
  if (dim !== FEATURE_DIM) throw bad(`featureDim ${String(dim).slice(0, 20)} is not the extractor's ${FEATURE_DIM}`);
  if (!count(manifest.positiveCount) || !count(manifest.negativeCount)) throw bad('positiveCount and negativeCount must be 0–1000');
  const classifier = parseJson(files.get('classifier.json'), 'classifier.json');
  if (!finiteArray(classifier.mean, dim) || !finiteArray(classifier.std, dim) || !finiteArray(classifier.weights, dim)) {
    throw bad(`classifier.json: mean, std and weights must be ${dim} numbers (the extractor's feature size)`);
  }
  if (typeof classifier.bias !== 'number' || !Number.isFinite(classifier.bias)) throw bad('classifier.json: bias is not a number');
  const threshold = classifier.threshold;
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) throw bad('classifier.json: threshold must be 0–1');
  const report = parseJson(files.get('report.json'), 'report.json');
  if (!validReport(report)) throw bad('report.json is not a training report');
  return { manifest, classifier: { mean: classifier.mean, std: classifier.std, weights: classifier.weights, bias: classifier.bias, threshold, extractor: FEATURE_INFO.name, extractorHash: FEATURE_INFO.hash }, report: report as Schema<'TrainReport'>, threshold };
}

/** Reads the package's entries from a file, safely (no other entry, no traversal, bounded sizes). */
export async function readPackage(path: string): Promise<Map<string, Buffer>> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(8, size));
    await handle.read(head, 0, head.length, 0);
    if (sniffType(head) !== 'application/zip') throw new ApiError(415, 'training.notZip');
    const entries = await readCentralDirectory(handle, size);
    const files = new Map<string, Buffer>();
    for (const entry of entries) {
      if (entry.isDirectory) continue;
      if (!(ENTRIES as readonly string[]).includes(entry.name)) throw bad(`unexpected entry ${entry.name}`);
      if (files.has(entry.name)) throw bad(`${entry.name} appears twice`);
      files.set(entry.name, await readEntry(handle, entry));
    }
    return files;
  } finally {
    await handle.close();
  }
}

export const versionPackageHandlers: HandlerMap = {
  async exportTrainVersion({ db, params }: Ctx<'exportTrainVersion'>) {
    const id = Number(params.id);
    const version = await readVersion(db, id);
    const row = await db.selectFrom('trainVersions').select(['classifier', 'report', 'extractorHash']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('training.entity.version', id);
    const classifier = row.classifier as { weights: number[] };
    const manifest: PackageManifest = {
      format: PACKAGE_FORMAT,
      formatVersion: PACKAGE_FORMAT_VERSION,
      algorithm: version.algorithmName,
      version: version.version,
      extractor: version.extractor,
      extractorHash: row.extractorHash,
      featureDim: classifier.weights.length,
      threshold: version.threshold,
      positiveCount: version.positiveCount,
      negativeCount: version.negativeCount,
      exportedAt: new Date().toISOString(),
    };
    const zip = new JSZip();
    zip.file('manifest.json', JSON.stringify(manifest, null, 2));
    zip.file('classifier.json', JSON.stringify(row.classifier));
    zip.file('report.json', JSON.stringify(row.report));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    return new FileReply(bytes, 'application/zip', `${version.algorithmName}-${version.version}.zip`);
  },

  async importTrainVersion({ db, req, services, user }: Ctx<'importTrainVersion'>) {
    if (!req.isMultipart()) throw new ApiError(415, 'upload.missing', { field: 'file' });
    const fields: Record<string, string> = {};
    let bytes: Buffer | null = null;
    try {
      for await (const part of formParts(req, { fileSize: MAX_PACKAGE_BYTES, files: 1, fields: 5, fieldSize: 64 })) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new ApiError(413, 'upload.tooLarge', { max: humanSize(MAX_PACKAGE_BYTES) });
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'upload.tooLarge', { max: humanSize(MAX_PACKAGE_BYTES) });
      throw new ApiError(400, 'upload.malformed');
    }
    const algorithmId = parseFormId(fields, 'algorithmId');
    if (!bytes) throw new ApiError(400, 'upload.missing', { field: 'file' });
    const dataDir = services.config.dataDir;
    const tmpDir = join(dataDir, 'tmp');
    mkdirSync(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `package-${randomBytes(8).toString('hex')}.zip`);
    let files: Map<string, Buffer>;
    try {
      writeFileSync(tmp, bytes);
      files = await readPackage(tmp);
    } finally {
      rmSync(tmp, { force: true });
    }
    const checked = checkPackage(files);
    const written: { path: string | null } = { path: null };
    let stored: Awaited<ReturnType<typeof storeVersion>>;
    try {
      stored = await db.transaction().execute(async (trx) => {
        const algorithm = await requireAlgorithm(trx, algorithmId, true);
        return storeVersion(
          trx,
          dataDir,
          {
            algorithm,
            jobId: null,
            source: 'import',
            classifier: checked.classifier,
            threshold: checked.threshold,
            extractor: FEATURE_INFO.name,
            extractorHash: FEATURE_INFO.hash,
            report: checked.report,
            samples: [],
            positiveCount: checked.manifest.positiveCount,
            negativeCount: checked.manifest.negativeCount,
            userName: user?.username ?? '',
          },
          written,
        );
      });
    } catch (error) {
      removeStoredFile(dataDir, written.path);
      throw error;
    }
    return readVersion(db, stored.id);
  },
};
