// Every declared resource and settings form: its texts exist in both languages, and its form's JSON Schema is the
// contract's — the same fields, bounds and patterns as the operation's body — so what the form lets through the
// server accepts, and the other way round.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withPickers } from '../../src/components/resource/formPickers.ts';
import { requiredKeys } from '../../src/components/resource/resourceText.ts';
import type { AnySettings } from '../../src/components/resource/SettingsPanel.tsx';
import type { AnyResource } from '../../src/components/resource/types.ts';
import { eventsResource, eventTypesResource } from '../../src/screens/catalogue/eventResources.ts';
import { modelScenesResource, modelsResource, modelTypesResource } from '../../src/screens/catalogue/modelResources.ts';
import { runsResource } from '../../src/screens/catalogue/runResources.ts';
import { outboundSettings, outputSettings, searchPushSettings, watermarkSettings } from '../../src/screens/catalogue/settingsResources.ts';
import { groupsResource, imgTagsResource, tagsResource, timeModelsResource, unitsResource } from '../../src/screens/catalogue/systemResources.ts';
import { catalogueCamerasResource, ctrlUnitsResource } from '../../src/screens/devices/catalogue/catalogueResources.ts';
import { activationCodesResource } from '../../src/screens/licensing/activationResources.tsx';
import { authorizationsResource } from '../../src/screens/licensing/authorizationResources.ts';
import { licAppliesResource } from '../../src/screens/licensing/licApplyResources.ts';
import { endpointsResource } from '../../src/screens/push/plugResources.ts';

const root = join(import.meta.dirname, '../..');
const contract = parse(readFileSync(join(root, 'openapi/console.yaml'), 'utf8')) as { components: { schemas: Record<string, Json> } };
type Json = Record<string, any>;

/** Each resource with the contract schema its add body follows. */
const RESOURCES: [AnyResource, string][] = [
  [eventsResource, 'CatalogueEventAdd'],
  [eventTypesResource, 'CatalogueEventTypeAdd'],
  [modelsResource, 'AlgoModelAdd'],
  [modelTypesResource, 'AlgoModelTypeAdd'],
  [modelScenesResource, 'AlgoModelSceneAdd'],
  [timeModelsResource, 'SystemTimeModelAdd'],
  [imgTagsResource, 'SystemImgTagAdd'],
  [tagsResource, 'SystemTagAdd'],
  [groupsResource, 'SystemGroupAdd'],
  [unitsResource, 'SystemUnitAdd'],
  [catalogueCamerasResource, 'CameraEntryInput'],
  [ctrlUnitsResource, 'CtrlUnitInput'],
  [runsResource, 'AlgorithmRunAdd'],
  [authorizationsResource(() => {}), 'CatalogueAuthorizationAdd'],
  [activationCodesResource, 'CatalogueActivationAdd'],
  [licAppliesResource, 'CatalogueLicApplyAdd'],
  [endpointsResource(() => {}), 'SystemPlugIndustryAdd'],
];
const SETTINGS: [AnySettings, string][] = [
  [outputSettings, 'SystemOutputConfig'],
  [watermarkSettings, 'SystemWatermarkConfig'],
  [searchPushSettings([], 'zh-CN'), 'SystemSearchPushConfig'],
  [outboundSettings, 'SystemOutboundConfig'],
];

/** A $ref of the contract: its own components, or a definition of a shared schema file (../schemas/x.schema.json#/definitions/Y). */
function target(ref: string): Json {
  const [file, pointer = ''] = ref.split('#');
  const document: Json = file ? (JSON.parse(readFileSync(join(root, 'openapi', file), 'utf8')) as Json) : contract;
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce<Json>((node, part) => node[part], document);
}

function resolve(schema: Json): Json {
  if (typeof schema.$ref === 'string') return resolve(target(schema.$ref));
  if (schema.allOf) {
    const parts: Json[] = schema.allOf.map(resolve);
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})), required: parts.flatMap((p) => p.required ?? []) };
  }
  return schema;
}

/** Form fields the screen serialises before sending (multipart): the model's event ids travel as "1,2,3". */
const SERIALISED = ['models.eventIds'];

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'maxItems', 'minItems'] as const;

/** Differences between a form schema and the contract's, by path. */
function compare(form: Json, spec: Json, path: string, out: string[]) {
  const f = resolve(form);
  const s = resolve(spec);
  if (s.type === 'object' || s.properties) {
    for (const name of s.required ?? []) if (!(f.required ?? []).includes(name)) out.push(`${path}: ${name} is required by the contract`);
    for (const [name, child] of Object.entries<Json>(f.properties ?? {})) {
      const other = s.properties?.[name];
      if (!other) out.push(`${path}.${name}: not in the contract`);
      else compare(child, other, `${path}.${name}`, out);
    }
    return;
  }
  // A picker's enumeration stands for the contract's bounds (the ids are the server's own records).
  const picked = Array.isArray(f.enum) && !Array.isArray(s.enum);
  for (const bound of BOUNDS) {
    if (picked && bound !== 'maxItems') continue;
    if (s[bound] !== undefined && f[bound] !== s[bound] && !(bound === 'maxLength' && s.format === 'binary')) out.push(`${path}: ${bound} ${f[bound]} ≠ ${s[bound]}`);
  }
  if (Array.isArray(s.enum) && Array.isArray(f.enum) && [...f.enum].sort().join() !== [...s.enum].sort().join()) out.push(`${path}: enum ${f.enum} ≠ ${s.enum}`);
  if (s.items && f.items) compare(f.items, s.items, `${path}[]`, out);
}

const catalogue = (language: string, ns: string) => JSON.parse(readFileSync(join(root, `src/i18n/${language}/${ns}.json`), 'utf8')) as Json;
const has = (tree: Json, key: string) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), tree) !== undefined;

describe('declared resources', () => {
  it.each(RESOURCES)('%#: texts in both languages', (resource) => {
    for (const language of ['zh-CN', 'en']) {
      const texts = catalogue(language, resource.ns);
      expect(requiredKeys(resource).filter((key) => !has(texts, key)), `${resource.id} ${language}`).toEqual([]);
    }
  });

  it.each(RESOURCES)('%#: the form follows the contract body', (resource, name) => {
    const form = resource.form!;
    const own = typeof form.schema === 'function' ? form.schema({}, null) : form.schema;
    // Picked fields get their choices (ids of the server's records) as an enumeration, as the screen does.
    const { schema } = withPickers(own, undefined, form.pickers, {}, null, '');
    const problems: string[] = [];
    compare(schema as Json, contract.components.schemas[name], resource.id, problems);
    expect(problems.filter((problem) => !SERIALISED.some((field) => problem.startsWith(`${field}:`) || problem.startsWith(`${field}[]`)))).toEqual([]);
  });

  it('finds a form that drifts from the contract', () => {
    const problems: string[] = [];
    compare({ type: 'object', required: ['tagName'], properties: { tagName: { type: 'string', maxLength: 64 }, extra: { type: 'string' } } }, contract.components.schemas.SystemTagAdd, 'tags', problems);
    expect(problems).toEqual(['tags: tagType is required by the contract', 'tags.tagName: minLength undefined ≠ 1', 'tags.tagName: maxLength 64 ≠ 32', 'tags.tagName: pattern undefined ≠ \\S', 'tags.extra: not in the contract']);
  });
});

describe('declared settings', () => {
  it.each(SETTINGS)('%#: texts in both languages and the contract schema', (settings, name) => {
    for (const language of ['zh-CN', 'en']) {
      const texts = catalogue(language, settings.ns);
      expect(has(texts, `${settings.prefix}.label`), language).toBe(true);
      const fields = Object.keys(settings.schema.properties ?? {}).flatMap((key) => [key, ...Object.keys(((settings.schema.properties as Json)[key] as RJSFSchema).properties ?? {})]);
      expect(fields.filter((field) => !has(texts, `${settings.prefix}.fields.${field}`)), language).toEqual([]);
    }
    const problems: string[] = [];
    compare(settings.schema as Json, contract.components.schemas[name], settings.id, problems);
    expect(problems).toEqual([]);
  });
});
