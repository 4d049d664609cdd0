// Gzip sizes of the built console: what the login route loads first, and the largest lazy chunk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  loginInitialJsKb: number;
  loginInitialCssKb: number;
  largestChunk: { file: string; kb: number };
  totalJsKb: number;
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const gzKb = (path: string) => Math.round((gzipSync(readFileSync(path)).length / 1024) * 10) / 10;

export function measureBundle(dist = 'dist'): BundleFigures | null {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const entries = Object.entries(manifest);
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = entries.find(([, e]) => e.isEntry)?.[0];
  const loginKey = entries.find(([k]) => /LoginScreen/.test(k))?.[0];
  const initial = closure([entryKey, loginKey].filter(Boolean) as string[]);
  const js = [...initial].map((k) => manifest[k].file);
  const css = [...new Set([...initial].flatMap((k) => manifest[k].css ?? []))];
  const chunks = [...new Set(entries.map(([, e]) => e.file))].filter((f) => f.endsWith('.js'));
  const sized = chunks.map((file) => ({ file, kb: gzKb(join(dist, file)) })).sort((a, b) => b.kb - a.kb);
  const sum = (files: string[]) => Math.round(files.reduce((n, f) => n + gzKb(join(dist, f)), 0) * 10) / 10;
  return {
    loginInitialJsKb: sum(js),
    loginInitialCssKb: sum(css),
    largestChunk: sized[0] ?? { file: '-', kb: 0 },
    totalJsKb: sum(chunks),
  };
}
