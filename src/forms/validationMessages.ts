// The messages of the forms' validator in the user's language, written for people: "此项为必填项" rather than
// ajv's "应当有必需属性 'name'", "应在 1–65535 之间" rather than "应当为 <= 65535", and a pattern explained by the
// rule it stands for (src/domain/inputRules.ts) instead of the regular expression. Every schema-driven form gets
// its messages here (validator.ts); the field's label is added by the templates (beside the field, in the list).
import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';
import { patternRule } from '../domain/inputRules.ts';

type Params = Record<string, unknown>;
type Translate = TFunction<'forms'>;

const TYPES = ['integer', 'number', 'string', 'boolean', 'array', 'object'] as const;

function bounds(error: ErrorObject): { min?: number; max?: number } {
  const schema = (error.parentSchema ?? {}) as { minimum?: unknown; maximum?: unknown };
  return {
    min: typeof schema.minimum === 'number' ? schema.minimum : undefined,
    max: typeof schema.maximum === 'number' ? schema.maximum : undefined,
  };
}

function typeMessage(t: Translate, type: unknown): string {
  const list = (Array.isArray(type) ? type : String(type).split(',')).filter((name) => name !== 'null');
  const known = TYPES.find((name) => list.includes(name));
  return known ? t(`errors.type.${known}`) : t('errors.invalid');
}

/** One ajv error in words. */
export function messageOf(t: Translate, error: ErrorObject): string {
  const params = error.params as Params;
  switch (error.keyword) {
    case 'required':
      return t('errors.required');
    case 'minLength':
      return params.limit === 1 ? t('errors.required') : t('errors.minLength', { limit: params.limit });
    case 'maxLength':
      return t('errors.maxLength', { limit: params.limit });
    case 'minimum':
    case 'maximum': {
      // A field with both bounds names the range; one with a single bound names it.
      const { min, max } = bounds(error);
      if (min !== undefined && max !== undefined) return t('errors.between', { min, max });
      return t(error.keyword === 'minimum' ? 'errors.minimum' : 'errors.maximum', { limit: params.limit });
    }
    case 'exclusiveMinimum':
      return t('errors.exclusiveMinimum', { limit: params.limit });
    case 'exclusiveMaximum':
      return t('errors.exclusiveMaximum', { limit: params.limit });
    case 'multipleOf':
      return t('errors.multipleOf', { limit: params.multipleOf });
    case 'type':
      return typeMessage(t, params.type);
    case 'pattern': {
      const rule = patternRule(params.pattern);
      return rule ? t(`errors.rule.${rule}`) : t('errors.pattern');
    }
    case 'format':
      return t('errors.format');
    case 'enum':
    case 'const':
      return t('errors.enum');
    case 'minItems':
      return t('errors.minItems', { limit: params.limit });
    case 'maxItems':
      return t('errors.maxItems', { limit: params.limit });
    case 'uniqueItems':
      return t('errors.uniqueItems');
    case 'oneOf':
    case 'anyOf':
      return t('errors.oneOf');
    default:
      return t('errors.invalid');
  }
}

/** An ajv localizer (RJSF's `customizeValidator(…, localizer)`) speaking through `t`. */
export function localizerOf(t: Translate) {
  return (errors?: null | ErrorObject[]) => {
    for (const error of errors ?? []) error.message = messageOf(t, error);
  };
}
