// Issue 37: internal words reached the user — the param's field names ("identifyObj", "box_threshold"), "the
// spec's default 0.7", and the feature extractor's file name ("mobilenet_v2-nsfwjs-4.4.0/frozen384", through
// {{extractor}} in the report's method line). No message of either language says any of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../src/i18n');
const INTERNAL = /identifyObj|box_threshold|\bspec's\b|规格的?(存储)?默认|\{\{\s*extractor\s*\}\}|mobilenet|frozen\d/i;

function values(node: unknown, path: string, out: [string, string][]) {
  if (typeof node === 'string') out.push([path, node]);
  else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) values(value, `${path}.${key}`, out);
  return out;
}

describe('no internal word in the messages', () => {
  for (const language of ['en', 'zh-CN']) {
    it(language, () => {
      const found: string[] = [];
      for (const file of readdirSync(join(ROOT, language)).filter((f) => f.endsWith('.json'))) {
        const messages = values(JSON.parse(readFileSync(join(ROOT, language, file), 'utf8')), file, []);
        for (const [path, text] of messages) if (INTERNAL.test(text)) found.push(`${path}: ${text}`);
      }
      expect(found).toEqual([]);
    });
  }
});
