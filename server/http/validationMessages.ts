// Turns schema-validation errors (ajv) into one message per problem that names the field and the rule,
// in Chinese or English.
import type { Lang } from './messages.ts';

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, any>;
  message?: string;
}

const rules: Record<string, { zh: (p: Record<string, any>) => string; en: (p: Record<string, any>) => string }> = {
  required: { zh: () => '不能为空', en: () => 'is required' },
  type: { zh: (p) => `类型应为 ${typeName(p.type, 'zh')}`, en: (p) => `must be ${typeName(p.type, 'en')}` },
  minLength: {
    zh: (p) => (p.limit === 1 ? '不能为空' : `长度不能少于 ${p.limit} 个字符`),
    en: (p) => (p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`),
  },
  maxLength: { zh: (p) => `长度不能超过 ${p.limit} 个字符`, en: (p) => `must be at most ${p.limit} characters` },
  minimum: { zh: (p) => `不能小于 ${p.limit}`, en: (p) => `must be at least ${p.limit}` },
  maximum: { zh: (p) => `不能大于 ${p.limit}`, en: (p) => `must be at most ${p.limit}` },
  exclusiveMinimum: { zh: (p) => `必须大于 ${p.limit}`, en: (p) => `must be greater than ${p.limit}` },
  exclusiveMaximum: { zh: (p) => `必须小于 ${p.limit}`, en: (p) => `must be less than ${p.limit}` },
  minItems: { zh: (p) => `至少需要 ${p.limit} 项`, en: (p) => `must have at least ${p.limit} items` },
  maxItems: { zh: (p) => `最多 ${p.limit} 项`, en: (p) => `must have at most ${p.limit} items` },
  pattern: { zh: () => '格式不正确', en: () => 'has an invalid format' },
  format: { zh: (p) => `格式应为 ${p.format}`, en: (p) => `must be a valid ${p.format}` },
  enum: {
    zh: (p) => `只能是 ${(p.allowedValues ?? []).join('、')} 之一`,
    en: (p) => `must be one of ${(p.allowedValues ?? []).join(', ')}`,
  },
  const: { zh: (p) => `只能是 ${p.allowedValue}`, en: (p) => `must be ${p.allowedValue}` },
  additionalProperties: { zh: () => '含有不允许的字段', en: () => 'has a field that is not allowed' },
  minProperties: { zh: (p) => `至少需要 ${p.limit} 个字段`, en: (p) => `must have at least ${p.limit} fields` },
  maxProperties: { zh: (p) => `最多 ${p.limit} 个字段`, en: (p) => `must have at most ${p.limit} fields` },
  uniqueItems: { zh: () => '不能有重复项', en: () => 'must not have duplicate items' },
};

function typeName(type: string | string[], lang: Lang): string {
  const names: Record<string, [string, string]> = {
    integer: ['整数', 'an integer'],
    number: ['数字', 'a number'],
    string: ['字符串', 'a string'],
    boolean: ['布尔值', 'a boolean'],
    array: ['数组', 'an array'],
    object: ['对象', 'an object'],
    null: ['空', 'null'],
  };
  const list = Array.isArray(type) ? type : String(type).split(',');
  return list.map((t) => names[t]?.[lang === 'zh' ? 0 : 1] ?? t).join(lang === 'zh' ? '或' : ' or ');
}

/** The dotted field path an error is about, e.g. `password`, `ids[0]`, `query.key`. */
export function fieldOf(error: SchemaError, context: string): string {
  let path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((seg) => (/^\d+$/.test(seg) ? `[${seg}]` : `.${seg}`))
    .join('')
    .replace(/^\./, '');
  if (error.keyword === 'required') path = path ? `${path}.${error.params.missingProperty}` : error.params.missingProperty;
  if (error.keyword === 'additionalProperties') {
    path = path ? `${path}.${error.params.additionalProperty}` : error.params.additionalProperty;
  }
  const prefix = context === 'body' ? '' : context === 'querystring' ? 'query.' : `${context}.`;
  return `${prefix}${path || (context === 'body' ? '(body)' : context)}`;
}

export function describeSchemaErrors(errors: SchemaError[], context: string, lang: Lang): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const error of errors) {
    // anyOf/oneOf wrappers repeat what their branches said; keep the concrete rule.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldOf(error, context);
    if (seen.has(field)) continue;
    seen.add(field);
    const rule = rules[error.keyword]?.[lang](error.params) ?? error.message ?? error.keyword;
    parts.push(lang === 'zh' ? `参数 ${field} ${rule}` : `${field} ${rule}`);
    if (parts.length === 5) break;
  }
  if (parts.length === 0) return lang === 'zh' ? '请求参数不正确' : 'Invalid request';
  return parts.join(lang === 'zh' ? '；' : '; ');
}
