// The forms' validator: ajv 8 through RJSF, with its messages in the user's language (validationMessages.ts, from
// the forms catalogue). One validator per language (ajv compiles each schema once).
import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import i18next from 'i18next';
import { localizerOf } from './validationMessages.ts';

export type MessageLanguage = 'zh-CN' | 'en';

const validators = new Map<MessageLanguage, ValidatorType>();

export function messageLanguage(language: string): MessageLanguage {
  return language.startsWith('en') ? 'en' : 'zh-CN';
}

/** Loads the forms catalogue of `language` (the messages' words), once. */
export async function loadMessages(language: string): Promise<void> {
  await i18next.loadLanguages(messageLanguage(language));
  await i18next.loadNamespaces('forms');
}

/** The validator of `language`. */
export function validatorFor(language: string): ValidatorType {
  const key = messageLanguage(language);
  let validator = validators.get(key);
  if (!validator) {
    // The schemas carry `examples` and descriptions ajv's strict mode would warn about.
    validator = customizeValidator({ ajvOptionsOverrides: { strict: false } }, localizerOf(i18next.getFixedT(key, 'forms')));
    validators.set(key, validator);
  }
  return validator;
}
