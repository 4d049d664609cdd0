// The forms' validator: ajv 8 through RJSF, with its messages in the user's language (ajv-i18n: Chinese by
// default, English). Each language's messages are their own small chunk, loaded when the language is first
// needed; one validator per language (ajv compiles each schema once).
import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator, type Localizer } from '@rjsf/validator-ajv8';

export type MessageLanguage = 'zh' | 'en';

const localizers: Partial<Record<MessageLanguage, Localizer>> = {};
const validators = new Map<MessageLanguage, ValidatorType>();

export function messageLanguage(language: string): MessageLanguage {
  return language.startsWith('en') ? 'en' : 'zh';
}

/** Loads the validation messages of `language` (once). */
export async function loadMessages(language: string): Promise<void> {
  const key = messageLanguage(language);
  if (localizers[key]) return;
  const module = key === 'en' ? await import('ajv-i18n/localize/en') : await import('ajv-i18n/localize/zh');
  localizers[key] = module.default as Localizer;
}

/** The validator of `language`, or null until its messages are loaded (`loadMessages`). */
export function validatorFor(language: string): ValidatorType | null {
  const key = messageLanguage(language);
  const localize = localizers[key];
  if (!localize) return null;
  let validator = validators.get(key);
  if (!validator) {
    // The schemas carry `examples` and descriptions ajv's strict mode would warn about.
    validator = customizeValidator({ ajvOptionsOverrides: { strict: false } }, localize);
    validators.set(key, validator);
  }
  return validator;
}

/** Any validator already made (to keep a form working while another language's messages load). */
export function anyValidator(): ValidatorType | null {
  return validators.values().next().value ?? null;
}
