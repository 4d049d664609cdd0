// public/config.json is validated key by key; anything unusable falls back to its default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRuntimeConfig, parseRuntimeConfig } from '../../src/app/runtimeConfig.ts';

describe('runtime config', () => {
  it('accepts the shipped public/config.json without problems', () => {
    const shipped = JSON.parse(readFileSync(join(import.meta.dirname, '../../public/config.json'), 'utf8'));
    expect(parseRuntimeConfig(shipped)).toEqual({ config: { baseUrl: '/api', contextMenu: false }, problems: [] });
  });

  it('takes valid values and drops a trailing slash from the base address', () => {
    expect(parseRuntimeConfig({ baseUrl: 'https://gw.example/api/', contextMenu: true }).config).toEqual({
      baseUrl: 'https://gw.example/api',
      contextMenu: true,
    });
  });

  it('keeps the defaults for missing keys and says which present keys were unusable', () => {
    expect(parseRuntimeConfig({})).toEqual({ config: defaultRuntimeConfig, problems: [] });
    const parsed = parseRuntimeConfig({ baseUrl: 42, contextMenu: 'yes' });
    expect(parsed.config).toEqual(defaultRuntimeConfig);
    expect(parsed.problems).toEqual(['baseUrl must be a string', 'contextMenu must be true or false']);
  });

  it('uses the defaults when the file is not an object', () => {
    for (const raw of [null, [], 'text', 3]) {
      const parsed = parseRuntimeConfig(raw);
      expect(parsed.config).toEqual(defaultRuntimeConfig);
      expect(parsed.problems).toEqual(['config is not a JSON object']);
    }
  });
});
