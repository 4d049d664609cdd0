// Every message key exists in every language (and nowhere only once), with the same {{placeholders}}.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from '../../src/i18n/languages.ts';

const root = join(import.meta.dirname, '../../src/i18n');

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const load = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as Catalogue);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('i18n catalogues', () => {
  it('has a folder per language and the same namespace files in each, as languages.ts declares', () => {
    const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const files = readdirSync(join(root, language)).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort(), language).toEqual([...NAMESPACES].sort());
    }
  });

  for (const namespace of NAMESPACES) {
    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      it(`${namespace}: ${language} and ${DEFAULT_LANGUAGE} have the same keys and placeholders`, () => {
        const reference = load(DEFAULT_LANGUAGE, namespace);
        const other = load(language, namespace);
        const missing = [...reference.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !reference.has(k));
        expect({ [`missing in ${language}`]: missing, [`only in ${language}`]: extra }).toEqual({
          [`missing in ${language}`]: [],
          [`only in ${language}`]: [],
        });
        for (const [key, text] of reference) {
          expect(placeholders(other.get(key) ?? ''), `${namespace}:${key}`).toEqual(placeholders(text));
        }
      });
    }

    // "1 versions", "1 objects found": an English count before a plural noun needs its _one form beside _other
    // (i18next picks it by the count).
    it(`${namespace}: English counts before a plural noun have a singular form`, () => {
      const english = load('en', namespace);
      const lacking = [...english]
        .filter(([key, text]) => /\{\{count\}\}\s+[a-z]+s\b/i.test(text) && !key.endsWith('_other'))
        .map(([key]) => key);
      expect(lacking).toEqual([]);
      for (const key of english.keys()) {
        if (key.endsWith('_other')) expect(english.has(key.replace(/_other$/, '_one')), `${namespace}:${key}`).toBe(true);
      }
    });

    // "Started 1 device(s)": a counted noun takes its plural form by the count (_one/_other), not "(s)".
    it(`${namespace}: English counted messages write no "(s)"`, () => {
      const hedged = [...load('en', namespace)].filter(([, text]) => /\{\{\w+\}\}/.test(text) && /[a-z]\(s\)/i.test(text)).map(([key]) => key);
      expect(hedged).toEqual([]);
    });

    it(`${namespace}: no empty messages`, () => {
      for (const language of LANGUAGES) {
        for (const [key, text] of load(language, namespace)) expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
      }
    });
  }
});
