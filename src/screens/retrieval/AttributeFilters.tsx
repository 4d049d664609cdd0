// The attribute filters of one object type, folded into a panel whose header says how many are set (the results lead
// the screen, not twenty rows of options). Each attribute keeps its §9 control: colour keys as check boxes, more than
// 4 options a picker, up to 4 radios (each with "any"); helmetColorTag1 and trousersColor take several values.
// Brand keys and free-text keys other than the plate have no codes on this server, and the panel says so.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from 'rsuite/Checkbox';
import 'rsuite/Checkbox/styles/index.css';
import CheckboxGroup from 'rsuite/CheckboxGroup';
import 'rsuite/CheckboxGroup/styles/index.css';
import Panel from 'rsuite/Panel';
import 'rsuite/Panel/styles/index.css';
import Radio from 'rsuite/Radio';
import 'rsuite/Radio/styles/index.css';
import RadioGroup from 'rsuite/RadioGroup';
import 'rsuite/RadioGroup/styles/index.css';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';
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
  expanded: boolean;
  onToggle(expanded: boolean): void;
}

/** Value codes in dictionary order with unknown (-1) last. */
function codesOf(property: SearchProperty): number[] {
  return Object.keys(property.attributeValue)
    .map(Number)
    .sort((a, b) => (a === -1 ? 1 : b === -1 ? -1 : a - b));
}

function AttributeControl({ property: p, chosen, onChange, lang }: { property: SearchProperty; chosen: number[]; onChange(codes: number[]): void; lang: 'zh' | 'en' }) {
  const { t } = useTranslation('alarms');
  const labelId = useId();
  const name = p.attributeName[lang];
  const labelOf = (code: number) => p.attributeValue[String(code)]?.[lang] ?? String(code);
  if (p.control.kind === 'select') {
    return (
      <div className="retrieval-attribute">
        <span id={labelId} className="retrieval-attribute-name">
          {name}
        </span>
        <SelectPicker
          aria-labelledby={labelId}
          size="sm"
          searchable={false}
          placeholder={t('retrieval.any')}
          data={codesOf(p).map((code) => ({ value: code, label: labelOf(code) }))}
          value={chosen[0] ?? null}
          onChange={(value) => onChange(value === null ? [] : [value])}
        />
      </div>
    );
  }
  if (p.control.kind === 'check') {
    return (
      <fieldset className="retrieval-attribute">
        <legend className="retrieval-attribute-name">
          {name}
          {p.control.multiple ? ` ${t('retrieval.several')}` : ''}
        </legend>
        <CheckboxGroup
          inline
          name={p.attributeKey}
          value={chosen}
          onChange={(value) => {
            const codes = (value as number[]).map(Number);
            // A single-value colour key keeps the last one ticked.
            onChange(p.control.multiple ? codes : codes.filter((c) => !chosen.includes(c)).slice(-1));
          }}
        >
          {codesOf(p).map((code) => (
            <Checkbox key={code} value={code}>
              {labelOf(code)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      </fieldset>
    );
  }
  return (
    <fieldset className="retrieval-attribute">
      <legend className="retrieval-attribute-name">{name}</legend>
      <RadioGroup inline name={p.attributeKey} value={chosen[0] ?? 'any'} onChange={(value) => onChange(value === 'any' ? [] : [Number(value)])}>
        <Radio value="any">{t('retrieval.any')}</Radio>
        {codesOf(p).map((code) => (
          <Radio key={code} value={code}>
            {labelOf(code)}
          </Radio>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

export function AttributeFilters({ objType, values, onChange, expanded, onToggle }: Props) {
  const { t, i18n } = useTranslation('alarms');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const properties = propertiesOf(objType);
  const searchable = properties.filter((p) => p.control.kind !== 'brand' && p.control.kind !== 'input');
  const notOffered = properties.filter((p) => (p.control.kind === 'brand' || p.control.kind === 'input') && p.attributeKey !== 'plateNo');
  const set = searchable.filter((p) => (values[p.attributeKey] ?? []).length > 0).length;
  return (
    <Panel
      bordered
      collapsible
      expanded={expanded}
      onSelect={() => onToggle(!expanded)}
      className="retrieval-attributes-panel"
      header={<span data-testid="retrieval-attributes-header">{set > 0 ? t('retrieval.attributesSet', { count: set }) : t('retrieval.attributesNone')}</span>}
    >
      {expanded ? (
        <div className="retrieval-attributes">
          {searchable.map((p) => (
            <AttributeControl key={p.attributeKey} property={p} chosen={values[p.attributeKey] ?? []} lang={lang} onChange={(codes) => onChange(p.attributeKey, codes)} />
          ))}
          {notOffered.length > 0 ? <p className="retrieval-note">{t('retrieval.notOffered', { names: notOffered.map((p) => p.attributeName[lang]).join(lang === 'en' ? ', ' : '、') })}</p> : null}
        </div>
      ) : null}
    </Panel>
  );
}
