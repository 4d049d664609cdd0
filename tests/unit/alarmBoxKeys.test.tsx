// The keys the platform's own boxes add to an alarm's attributes are named in the reader's language (the route walk,
// tests/e2e/routeWalk.spec.ts, found the simulator's 'source simulator' in English on Chinese alarm details).
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchProperties } from '../../src/domain/attributeDictionary.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { attributeRows, boxKeyNamer } from '../../src/screens/alarms/alarmAttributes.ts';

beforeAll(async () => {
  await setupI18n('zh-CN', NAMESPACES);
  await i18next.loadLanguages('en');
});

describe("an alarm's box keys", () => {
  it.each([
    ['zh-CN', '来源', '模拟器'],
    ['en', 'Source', 'Simulator'],
  ] as const)('in %s: the source mark named, keys nobody names shown as sent', (language, name, value) => {
    const t = i18next.getFixedT(language, 'alarms');
    const known = (key: string) => i18next.exists(key, { ns: 'alarms', lng: language });
    const rows = attributeRows({ source: 'simulator', note: 'x' }, buildSearchProperties(), language, boxKeyNamer(t, known));
    expect(rows).toContainEqual({ key: 'source', name, value });
    expect(rows).toContainEqual({ key: 'note', name: 'note', value: 'x' });
  });
});
