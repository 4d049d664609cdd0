// The §5 check of a training zip, before it is uploaded: `<zipName>/positive/*` and `<zipName>/negative/*`, where
// `<zipName>` is the zip's file name without `.zip`; every image passes the per-file rules; at most 100 images, and
// the algorithm stays within 1000. Pure: the Web Worker (src/screens/training/zipCheck.worker.ts) reads the zip with
// jszip and hands each entry here. macOS metadata (__MACOSX, .DS_Store) is ignored, as the server ignores it.
import { type FileProblem, fileProblems, hasChineseCharacters, type RuleRefusal, type SampleCounts, TRAINING_LIMITS, uploadRefusal } from './trainingRules.ts';

export interface ZipEntryFacts {
  /** The path inside the zip, `/`-separated. */
  path: string;
  size: number;
  /** The first bytes (at least 8) of the entry's content; empty when it was not read. */
  head: Uint8Array;
}

export type ZipEntryProblem = FileProblem | 'outsideClasses';

export interface ZipFileReport {
  path: string;
  label: 'positive' | 'negative' | null;
  size: number;
  problems: ZipEntryProblem[];
}

export type ZipLayoutProblem =
  | { code: 'notZip' }
  | { code: 'chineseZipName'; zipName: string }
  | { code: 'outerFolder'; zipName: string }
  | { code: 'missingFolder'; folder: 'positive' | 'negative' }
  | { code: 'tooManyEntries'; count: number; limit: number };

export interface ZipReport {
  zipName: string;
  layout: ZipLayoutProblem[];
  files: ZipFileReport[];
  counts: { positive: number; negative: number };
  /** Count rules (per upload, per algorithm) that refuse the zip as a whole. */
  refusal: RuleRefusal | null;
  /** Fewer than 4 of a class in the zip: training will need more, but the upload itself is allowed. */
  fewPerClass: boolean;
  ok: boolean;
}

/** Entries beyond this are not read at all (a zip of a million tiny entries is refused up front). */
export const ZIP_ENTRY_LIMIT = 2000;

export function zipNameOf(fileName: string): string {
  return fileName.replace(/\.zip$/i, '');
}

export function isIgnoredEntry(path: string): boolean {
  const parts = path.split('/');
  return parts[0] === '__MACOSX' || parts.some((part) => part.startsWith('._') || part === '.DS_Store' || part === 'Thumbs.db');
}

/** Folder entries (ending in `/`) tell which class folders exist even when empty. */
export function checkZipEntries(fileName: string, folders: string[], entries: ZipEntryFacts[], counts: SampleCounts): ZipReport {
  const zipName = zipNameOf(fileName);
  const layout: ZipLayoutProblem[] = [];
  if (hasChineseCharacters(zipName)) layout.push({ code: 'chineseZipName', zipName });
  const files = entries.filter((entry) => !isIgnoredEntry(entry.path));
  const outer = `${zipName}/`;
  if (files.length > 0 && !files.some((entry) => entry.path.startsWith(outer))) layout.push({ code: 'outerFolder', zipName });
  const present = new Set<string>();
  for (const folder of folders.filter((f) => !isIgnoredEntry(f))) {
    const match = folder.match(/^(.*?)\/(positive|negative)\/$/);
    if (match && match[1] === zipName) present.add(match[2]!);
  }
  const reports = files.map((entry): ZipFileReport => {
    const rest = entry.path.startsWith(outer) ? entry.path.slice(outer.length) : null;
    const match = rest?.match(/^(positive|negative)\/([^/]+)$/);
    const label = match ? (match[1] as 'positive' | 'negative') : null;
    if (label) present.add(label);
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    const problems: ZipEntryProblem[] = label ? [] : ['outsideClasses'];
    problems.push(...fileProblems(name, entry.size, entry.head));
    return { path: entry.path, label, size: entry.size, problems };
  });
  for (const folder of ['positive', 'negative'] as const) if (!present.has(folder)) layout.push({ code: 'missingFolder', folder });
  const positive = reports.filter((r) => r.label === 'positive').length;
  const negative = reports.filter((r) => r.label === 'negative').length;
  const refusal = uploadRefusal(counts, positive + negative);
  const ok = layout.length === 0 && refusal === null && reports.every((r) => r.problems.length === 0);
  const few = positive < TRAINING_LIMITS.minPerClass || negative < TRAINING_LIMITS.minPerClass;
  return { zipName, layout, files: reports, counts: { positive, negative }, refusal, fewPerClass: few, ok };
}

/** The report of something that is not a zip at all (jszip could not read it). */
export function notZipReport(fileName: string): ZipReport {
  return {
    zipName: zipNameOf(fileName),
    layout: [{ code: 'notZip' }],
    files: [],
    counts: { positive: 0, negative: 0 },
    refusal: null,
    fewPerClass: true,
    ok: false,
  };
}

export function tooManyEntriesReport(fileName: string, count: number): ZipReport {
  return { ...notZipReport(fileName), layout: [{ code: 'tooManyEntries', count, limit: ZIP_ENTRY_LIMIT }] };
}
