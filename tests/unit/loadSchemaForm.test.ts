// The schema form's code is fetched once however many screens ask for it early, and a failed fetch is not kept:
// the next call fetches again (a flaky link must not leave the form unloadable until a reload).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const imports = vi.hoisted(() => ({ messages: [] as string[], failNext: false }));

vi.mock('i18next', () => ({ default: { language: 'en' } }));
vi.mock('../../src/forms/SchemaForm.tsx', () => ({ default: () => null }));
vi.mock('../../src/forms/validator.ts', () => ({
  loadMessages: async (language: string) => {
    imports.messages.push(language);
    if (imports.failNext) {
      imports.failNext = false;
      throw new Error('chunk failed');
    }
  },
}));

describe('loadSchemaForm', () => {
  beforeEach(() => {
    vi.resetModules();
    imports.messages.length = 0;
    imports.failNext = false;
  });

  it('answers the same module to every caller and loads the messages once', async () => {
    const { loadSchemaForm } = await import('../../src/forms/loadSchemaForm.ts');
    const first = loadSchemaForm();
    const second = loadSchemaForm();
    expect(second).toBe(first);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(typeof a.default).toBe('function');
    expect(imports.messages).toEqual(['en']);
    await loadSchemaForm();
    expect(imports.messages).toEqual(['en']);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const { loadSchemaForm } = await import('../../src/forms/loadSchemaForm.ts');
    imports.failNext = true;
    await expect(loadSchemaForm()).rejects.toThrow('chunk failed');
    const module = await loadSchemaForm();
    expect(typeof module.default).toBe('function');
    expect(imports.messages).toEqual(['en', 'en']);
  });
});
