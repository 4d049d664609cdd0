// The query on top of the retrieval screen: the image drop zone, the object type, the time window (the typed range
// picker), the plate for vehicles, the similarity with images, and the attribute filters folded beneath with their
// count. rsuite controls and src/components only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import Input from 'rsuite/Input';
import 'rsuite/Input/styles/index.css';
import Radio from 'rsuite/Radio';
import 'rsuite/Radio/styles/index.css';
import RadioGroup from 'rsuite/RadioGroup';
import 'rsuite/RadioGroup/styles/index.css';
import { LazyDateRangePicker } from '../../components/dateRange/LazyDateRangePicker.tsx';
import { DATE_TIME_TEXTS } from '../../components/dateRange/typedRange.ts';
import { OBJECT_TYPE_NAMES, OBJ_TYPES, type ObjType } from '../../domain/attributeDictionary.ts';
import { AttributeFilters } from './AttributeFilters.tsx';
import { SimilarityThreshold } from './ImageSearchParts.tsx';
import { QueryImages } from './QueryImages.tsx';
import { type FormValues, formProblem, initialValues, MAX_IMAGES, MAX_RANGE_DAYS } from './retrievalForm.ts';

interface Props {
  values: FormValues;
  onChange(values: FormValues): void;
  onSearch(): void;
  busy: boolean;
}

export function RetrievalQueryForm({ values, onChange, onSearch, busy }: Props) {
  const { t } = useTranslation('alarms');
  const [expanded, setExpanded] = useState(false);
  const problem = formProblem(values);
  const set = (patch: Partial<FormValues>) => onChange({ ...values, ...patch });
  return (
    <form
      className="retrieval-query"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <div className="retrieval-query-main">
        <QueryImages images={values.images} onChange={(images) => set({ images })} />
        <div className="retrieval-query-fields">
          <fieldset className="retrieval-field">
            <legend className="retrieval-field-name">{t('retrieval.objType')}</legend>
            <RadioGroup inline appearance="picker" name="retrieval-objType" value={values.objType} onChange={(value) => set({ objType: Number(value) as ObjType, attributes: {} })}>
              {OBJECT_TYPE_NAMES.map((name) => (
                <Radio key={name} value={OBJ_TYPES[name]}>
                  {t(`retrieval.types.${name}`)}
                </Radio>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="retrieval-field">
            <label htmlFor="retrieval-window" className="retrieval-field-name">
              {t('retrieval.window')}
            </label>
            <LazyDateRangePicker
              id="retrieval-window"
              format="yyyy-MM-dd HH:mm:ss"
              start={values.start}
              end={values.end}
              texts={DATE_TIME_TEXTS}
              shouldDisableDate={(date) => date.getTime() > Date.now()}
              onChange={(range) => set({ start: range.start, end: range.end })}
              placeholder={t('retrieval.window')}
            />
          </div>
          {values.objType === OBJ_TYPES.MotorVehicle ? (
            <div className="retrieval-field">
              <label htmlFor="retrieval-plate" className="retrieval-field-name">
                {t('retrieval.plateNo')}
              </label>
              <Input id="retrieval-plate" size="sm" maxLength={18} value={values.plateNo} onChange={(plateNo) => set({ plateNo })} />
            </div>
          ) : null}
          {values.images.length > 0 ? <SimilarityThreshold value={values.similarity} onChange={(similarity) => set({ similarity })} /> : null}
          <div className="retrieval-actions">
            <Button type="submit" appearance="primary" disabled={problem !== null || busy}>
              {t('retrieval.search')}
            </Button>
            <Button type="button" onClick={() => onChange(initialValues())}>
              {t('retrieval.reset')}
            </Button>
          </div>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="retrieval-problem">
          {t(`retrieval.problem.${problem}`, { days: MAX_RANGE_DAYS, max: MAX_IMAGES })}
        </p>
      ) : null}
      <AttributeFilters
        objType={values.objType}
        values={values.attributes}
        expanded={expanded}
        onToggle={setExpanded}
        onChange={(key, codes) => set({ attributes: { ...values.attributes, [key]: codes } })}
      />
    </form>
  );
}
