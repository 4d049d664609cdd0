// Every pattern of the shared schemas has a rule in words (src/domain/inputRules.ts), and the forms' validator
// speaks for people in both languages (src/forms/validationMessages.ts) — the localizer every schema form uses.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import devicesSchema from '../../schemas/devices.schema.json';
import { PATTERNS, patternRule } from '../../src/domain/inputRules.ts';
import { messageOf } from '../../src/forms/validationMessages.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';

const schemaDir = join(import.meta.dirname, '../../schemas');

function patternsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) patternsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pattern' && typeof item === 'string') found.push(item);
      else patternsOf(item, found);
    }
  }
  return found;
}

const error = (keyword: string, params: Record<string, unknown>, parentSchema: Record<string, unknown> = {}) =>
  ({ keyword, params, parentSchema, instancePath: '/x', schemaPath: '#/x' }) as unknown as ErrorObject;

beforeAll(async () => {
  await setupI18n('zh-CN', NAMESPACES);
  await i18next.loadLanguages('en');
});

describe('pattern rules', () => {
  it('name every pattern of the schema files', () => {
    const files = readdirSync(schemaDir).filter((name) => name.endsWith('.schema.json'));
    const patterns = files.flatMap((name) => patternsOf(JSON.parse(readFileSync(join(schemaDir, name), 'utf8'))));
    expect(patterns.length).toBeGreaterThan(5);
    expect(patterns.filter((pattern) => patternRule(pattern) === null)).toEqual([]);
  });

  it('are the devices schema’s own patterns', () => {
    const d = devicesSchema.definitions;
    expect(d.IPv4Address.pattern).toBe(PATTERNS.ipv4);
    expect(d.StreamUrl.pattern).toBe(PATTERNS.streamUrl);
    expect(d.SerialNumber.pattern).toBe(PATTERNS.deviceSerial);
    expect(d.BoxSerialNumber.pattern).toBe(PATTERNS.boxSerial);
  });
});

describe('form messages', () => {
  const zh = () => i18next.getFixedT('zh-CN', 'forms');
  const en = () => i18next.getFixedT('en', 'forms');

  it('say what is wrong, in Chinese and in English', () => {
    const cases: [ErrorObject, string, string][] = [
      [error('required', { missingProperty: 'name' }), '此项为必填项', 'This field is required'],
      [error('minLength', { limit: 1 }), '此项为必填项', 'This field is required'],
      [error('maxLength', { limit: 32 }), '最多 32 个字符', 'At most 32 characters'],
      [error('maximum', { limit: 65535, comparison: '<=' }, { minimum: 1, maximum: 65535 }), '应在 1–65535 之间', 'Must be between 1 and 65535'],
      [error('minimum', { limit: 10, comparison: '>=' }, { minimum: 10 }), '不能小于 10', 'Must be at least 10'],
      [error('type', { type: 'integer' }), '请输入整数', 'Enter a whole number'],
      [error('pattern', { pattern: PATTERNS.ipv4 }), '应为 IPv4 地址：四个 0–255 的数，用点分隔，如 192.168.1.10', 'Must be an IPv4 address: four numbers 0–255 separated by dots, such as 192.168.1.10'],
      [error('pattern', { pattern: '^x$' }), '格式不正确', 'The format is not valid'],
      [error('enum', { allowedValues: [1, 2] }), '请从可选项中选择', 'Choose one of the options'],
    ];
    for (const [err, chinese, english] of cases) {
      expect(messageOf(zh(), err), err.keyword).toBe(chinese);
      expect(messageOf(en(), err), err.keyword).toBe(english);
    }
  });
});
