// An alarm's subject attributes (as the box sent them) named and labelled with the §3 attribute dictionaries the
// session built at sign-in (its search properties). Keys the dictionaries do not know are shown as they are.
import type { TFunction } from 'i18next';
import type { SearchProperties, SearchProperty } from '../../domain/attributeDictionary.ts';

export interface AttributeRow {
  key: string;
  name: string;
  value: string;
}

function entriesByKey(properties: SearchProperties | null): Map<string, SearchProperty> {
  const map = new Map<string, SearchProperty>();
  if (!properties) return map;
  for (const list of Object.values(properties)) for (const entry of list) if (!map.has(entry.attributeKey)) map.set(entry.attributeKey, entry);
  return map;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Names a key the box adds beside the dictionary's (and its value), or null to show it as sent. */
export type BoxKeyNamer = (key: string, value: string) => { name: string; value: string } | null;

/**
 * The keys the platform's own boxes add, named from the catalogue (alarms:boxAttributes): the simulator marks its
 * alarms `source: simulator`, which showed as two English words on a Chinese screen.
 */
export function boxKeyNamer(t: TFunction<'alarms'>, known: (key: string) => boolean): BoxKeyNamer {
  return (key, value) =>
    known(`boxAttributes.${key}.name`)
      ? { name: String(t(`boxAttributes.${key}.name` as never)), value: String(t(`boxAttributes.${key}.values.${value}` as never, { defaultValue: value } as never)) }
      : null;
}

/**
 * Rows in dictionary order (known keys first), then the unknown keys in the order the box sent them (named by
 * `boxKeys` when it knows them).
 */
export function attributeRows(attributes: Record<string, unknown>, properties: SearchProperties | null, language: string, boxKeys?: BoxKeyNamer): AttributeRow[] {
  const entries = entriesByKey(properties);
  const english = language === 'en' || language.startsWith('en-');
  const known: Array<AttributeRow & { order: number }> = [];
  const unknown: AttributeRow[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    const entry = entries.get(key);
    if (!entry) {
      unknown.push({ key, ...(boxKeys?.(key, plain(value)) ?? { name: key, value: plain(value) }) });
      continue;
    }
    const label = entry.attributeValue[String(value)];
    known.push({
      key,
      name: english ? entry.attributeName.en : entry.attributeName.zh,
      value: label ? (english ? label.en : label.zh) : plain(value),
      order: entry.bigOrder * 1000 + entry.order,
    });
  }
  known.sort((a, b) => a.order - b.order);
  return [...known.map(({ order: _order, ...row }) => row), ...unknown];
}
