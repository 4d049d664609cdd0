// Turns schema-validation errors (ajv) into one message per problem that names the field (by its label in the
// user's language where it has one, with its key) and the rule, in Chinese or English. A pattern is explained by
// the rule it stands for (src/domain/inputRules.ts, shared with the console's forms).
import { type PatternRule, patternRule } from '../../src/domain/inputRules.ts';
import { fieldLabel } from './fieldLabels.ts';
import type { Lang } from './messages.ts';

const patternRules: Record<PatternRule, { zh: string; en: string }> = {
  ipv4: { zh: '应为 IPv4 地址（四个 0–255 的数，用点分隔，如 192.168.1.10）', en: 'must be an IPv4 address (four numbers 0–255 separated by dots, such as 192.168.1.10)' },
  host: { zh: '应为 IP 地址或主机名（只能包含字母、数字和 . : -）', en: 'must be an IP address or a host name (letters, digits and . : - only)' },
  streamUrl: { zh: '应以 rtsp://、rtsps://、http://、https:// 或 file:// 开头', en: 'must start with rtsp://, rtsps://, http://, https:// or file://' },
  deviceSerial: { zh: '只能包含字母、数字和 _ . : -', en: 'may contain only letters, digits and _ . : -' },
  boxSerial: { zh: '只能包含字母、数字、_ 和 -', en: 'may contain only letters, digits, _ and -' },
  dateTime: { zh: '格式应为 yyyy-MM-dd HH:mm:ss', en: 'must be written yyyy-MM-dd HH:mm:ss' },
  clockTime: { zh: '格式应为 HH:mm 或 HH:mm:ss', en: 'must be written HH:mm or HH:mm:ss' },
  clockTimeHms: { zh: '格式应为 HH:mm:ss', en: 'must be written HH:mm:ss' },
};

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
  pattern: {
    zh: (p) => patternRules[patternRule(p.pattern) as PatternRule]?.zh ?? '格式不正确',
    en: (p) => patternRules[patternRule(p.pattern) as PatternRule]?.en ?? 'has an invalid format',
  },
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
    const label = fieldLabel(field, lang);
    if (label) parts.push(lang === 'zh' ? `${label}（${field}）${rule}` : `${label} (${field}) ${rule}`);
    else parts.push(lang === 'zh' ? `参数 ${field} ${rule}` : `${field} ${rule}`);
    if (parts.length === 5) break;
  }
  if (parts.length === 0) return lang === 'zh' ? '请求参数不正确' : 'Invalid request';
  return parts.join(lang === 'zh' ? '；' : '; ');
}
