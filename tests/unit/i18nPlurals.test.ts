// A message with plural forms (key_one / key_other) exists only under those keys: i18next finds it when the call
// passes `count`, and shows the bare key otherwise. Every literal use of such a key in the console's code passes
// `count` in the same line of its t(…) call (a camera's "已停止 1 台设备" once showed as "run.stopped" this way).
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';

const src = join(import.meta.dirname, '../../src');

type Catalogue = { [key: string]: string | Catalogue };
const keysOf = (catalogue: Catalogue, prefix = ''): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

const pluralKeys = NAMESPACES.flatMap((namespace) => {
  const keys = keysOf(JSON.parse(readFileSync(join(src, 'i18n', 'en', `${namespace}.json`), 'utf8')) as Catalogue);
  return keys.filter((key) => key.endsWith('_other')).map((key) => key.replace(/_other$/, ''));
});

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('plural messages', () => {
  it('are found among the catalogues', () => {
    expect(pluralKeys).toEqual(expect.arrayContaining(['run.started', 'plans.ran', 'users.deleted']));
  });

  it('are called with count', () => {
    const missing: string[] = [];
    for (const file of sources(src)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const key of pluralKeys) {
          if (/\bt\(/.test(line) && line.includes(`'${key}'`) && !/\bcount\b/.test(line)) missing.push(`${file.replace(`${src}/`, '')}:${index + 1} ${key}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
