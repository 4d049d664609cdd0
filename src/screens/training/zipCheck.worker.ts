// Web Worker: reads a training zip with jszip (loaded here, on demand) and checks it against §5 without blocking the
// page. Entry sizes come from the zip's directory; an entry larger than an image may be is not inflated, and a zip
// with more than ZIP_ENTRY_LIMIT entries is refused before any is read. Posts progress after each entry.
import type { SampleCounts } from '../../domain/trainingRules.ts';
import { TRAINING_LIMITS } from '../../domain/trainingRules.ts';
import { checkZipEntries, isIgnoredEntry, notZipReport, tooManyEntriesReport, ZIP_ENTRY_LIMIT, type ZipEntryFacts } from '../../domain/trainingZip.ts';
import type { ZipCheckMessage, ZipCheckRequest } from './zipCheckClient.ts';

const scope = self as unknown as { postMessage(message: ZipCheckMessage): void; onmessage: ((event: MessageEvent<ZipCheckRequest>) => void) | null };

/** jszip keeps the central directory's figures on a private field; read them when present. */
const declaredSize = (entry: unknown): number | null => {
  const size = (entry as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize;
  return typeof size === 'number' ? size : null;
};

async function check(file: Blob, fileName: string, counts: SampleCounts) {
  const { default: JSZip } = await import('jszip');
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    return notZipReport(fileName);
  }
  const all = Object.values(zip.files);
  if (all.length > ZIP_ENTRY_LIMIT) return tooManyEntriesReport(fileName, all.length);
  const folders = all.filter((entry) => entry.dir).map((entry) => (entry.name.endsWith('/') ? entry.name : `${entry.name}/`));
  const files = all.filter((entry) => !entry.dir && !isIgnoredEntry(entry.name));
  const facts: ZipEntryFacts[] = [];
  for (const [index, entry] of files.entries()) {
    const declared = declaredSize(entry);
    if (declared !== null && declared > TRAINING_LIMITS.maxImageBytes) {
      facts.push({ path: entry.name, size: declared, head: new Uint8Array(0) });
    } else {
      const bytes = await entry.async('uint8array');
      facts.push({ path: entry.name, size: bytes.byteLength, head: bytes.subarray(0, 16) });
    }
    scope.postMessage({ type: 'progress', done: index + 1, total: files.length });
  }
  return checkZipEntries(fileName, folders, facts, counts);
}

scope.onmessage = (event) => {
  const { file, fileName, counts } = event.data;
  check(file, fileName, counts).then(
    (report) => scope.postMessage({ type: 'done', report }),
    (error: unknown) => scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
