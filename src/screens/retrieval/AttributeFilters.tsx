// The attribute filters of one object type, each by the §9 control rule: colour keys as check boxes, more than 4
// options a select, up to 4 radios (each with "any"); helmetColorTag1 and trousersColor take several values.
// Brand keys and free-text keys other than the plate have no codes on this server, and the screen says so.
import { useTranslation } from 'react-i18next';
import { buildSearchProperties, OBJECT_TYPE_NAMES, OBJ_TYPES, type ObjType, type SearchProperty } from '../../domain/attributeDictionary.ts';

const PROPERTIES = buildSearchProperties();

export function propertiesOf(objType: ObjType): readonly SearchProperty[] {
  const name = OBJECT_TYPE_NAMES.find((n) => OBJ_TYPES[n] === objType) ?? 'MotorVehicle';
  return PROPERTIES[name];
}

interface Props {
  objType: ObjType;
  values: Record<string, number[]>;
  onChange(key: string, codes: number[]): void;
}

/** Value codes in dictionary order with unknown (-1) last. */
function codesOf(property: SearchProperty): number[] {
  return Object.keys(property.attributeValue)
    .map(Number)
    .sort((a, b) => (a === -1 ? 1 : b === -1 ? -1 : a - b));
}

export function AttributeFilters({ objType, values, onChange }: Props) {
  const { t, i18n } = useTranslation('alarms');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const properties = propertiesOf(objType);
  const searchable = properties.filter((p) => p.control.kind !== 'brand' && p.control.kind !== 'input');
  const notOffered = properties.filter((p) => (p.control.kind === 'brand' || p.control.kind === 'input') && p.attributeKey !== 'plateNo');
  const labelOf = (p: SearchProperty, code: number) => p.attributeValue[String(code)]?.[lang] ?? String(code);
  return (
    <div className="retrieval-attributes">
      {searchable.map((p) => {
        const chosen = values[p.attributeKey] ?? [];
        const name = p.attributeName[lang];
        const id = `retrieval-${p.attributeKey}`;
        if (p.control.kind === 'select') {
          return (
            <label key={p.attributeKey} className="retrieval-field">
              <span>{name}</span>
              <select id={id} value={chosen[0] ?? ''} onChange={(e) => onChange(p.attributeKey, e.target.value === '' ? [] : [Number(e.target.value)])}>
                <option value="">{t('retrieval.any')}</option>
                {codesOf(p).map((code) => (
                  <option key={code} value={code}>
                    {labelOf(p, code)}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        if (p.control.kind === 'check') {
          const toggle = (code: number, on: boolean) => {
            if (p.control.multiple) onChange(p.attributeKey, on ? [...chosen, code] : chosen.filter((c) => c !== code));
            else onChange(p.attributeKey, on ? [code] : []);
          };
          return (
            <fieldset key={p.attributeKey} className="retrieval-field">
              <legend>
                {name}
                {p.control.multiple ? ` ${t('retrieval.several')}` : ''}
              </legend>
              {codesOf(p).map((code) => (
                <label key={code} className="retrieval-option">
                  <input type="checkbox" checked={chosen.includes(code)} onChange={(e) => toggle(code, e.target.checked)} />
                  {labelOf(p, code)}
                </label>
              ))}
            </fieldset>
          );
        }
        return (
          <fieldset key={p.attributeKey} className="retrieval-field">
            <legend>{name}</legend>
            <label className="retrieval-option">
              <input type="radio" name={id} checked={chosen.length === 0} onChange={() => onChange(p.attributeKey, [])} />
              {t('retrieval.any')}
            </label>
            {codesOf(p).map((code) => (
              <label key={code} className="retrieval-option">
                <input type="radio" name={id} checked={chosen[0] === code} onChange={() => onChange(p.attributeKey, [code])} />
                {labelOf(p, code)}
              </label>
            ))}
          </fieldset>
        );
      })}
      {notOffered.length > 0 ? <p className="retrieval-note">{t('retrieval.notOffered', { names: notOffered.map((p) => p.attributeName[lang]).join(lang === 'en' ? ', ' : '、') })}</p> : null}
    </div>
  );
}
