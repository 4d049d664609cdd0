// A schema-driven form in the console's language: the rsuite theme, labels and option names from the catalogues,
// validation messages written for people (validationMessages.ts, Chinese or English), RJSF's own texts translated, and drawn geometry that
// starts empty (no minItems placeholders). Screens load it lazily (`lazy(() => import('…/SchemaForm.tsx'))`), so
// RJSF and ajv are one chunk loaded only where a form is shown.
import type { IChangeEvent } from '@rjsf/core';
import {
  type CustomValidator,
  englishStringTranslator,
  type ErrorTransformer,
  type RJSFSchema,
  replaceStringParameters,
  TranslatableString,
  type UiSchema,
} from '@rjsf/utils';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { FormContext } from './formContext.ts';
import { localizeUiSchema, type Vocabulary } from './localize.ts';
import { ThemedForm } from './theme.tsx';
import { validatorFor } from './validator.ts';
import './forms.css';

export interface SchemaFormProps<T> {
  /** The form element's id (a submit button elsewhere can name it with `form=`). */
  id: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema<T>;
  formData: T;
  onChange?(data: T): void;
  onSubmit(data: T): void;
  /** Labels beyond the forms catalogue (a screen's own fields); the catalogue is asked first. */
  vocabulary?: Partial<Vocabulary>;
  context?: Omit<FormContext, 'labelOf'>;
  customValidate?: CustomValidator<T>;
  submitText?: string;
  /** Hide the form's own submit button (the screen has one). */
  noSubmit?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

const TRANSLATABLE_NAMES = new Map(Object.entries(TranslatableString).map(([name, text]) => [text as string, name]));

export default function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { t, i18n } = useTranslation('forms');
  const language = i18n.language;
  const { schema, uiSchema = {}, vocabulary } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: t and i18n follow the language, which is the dependency
  const words = useMemo<Vocabulary>(() => {
    const title = (name: string) => (i18n.exists(`forms:fields.${name}`) ? t(`fields.${name}` as never) : vocabulary?.title?.(name));
    const enumName = (name: string, value: string | number | boolean | null) => {
      const key = `forms:enums.${name}.${String(value)}`;
      if (i18n.exists(key)) return t(`enums.${name}.${String(value)}` as never);
      const own = vocabulary?.enumName?.(name, value);
      if (own !== undefined) return own;
      if (value === null) return t('enums.notSet');
      return typeof value === 'number' ? String(value) : undefined;
    };
    return { title, enumName };
  }, [language, vocabulary]);

  const localizedUi = useMemo(() => localizeUiSchema(schema, uiSchema, words), [schema, uiSchema, words]);

  // The validation messages come from the forms catalogue of the current language (validationMessages.ts).
  const validator = validatorFor(language);

  const translateString = (key: TranslatableString, params?: string[]) => {
    const name = TRANSLATABLE_NAMES.get(key);
    const text = name && i18n.exists(`forms:rjsf.${name}`) ? t(`rjsf.${name}` as never) : englishStringTranslator(key);
    return replaceStringParameters(text, params);
  };

  // `if` only says that a `then` failed: the concrete rule (a required field) is reported on its own.
  const transformErrors: ErrorTransformer<T> = (errors) => errors.filter((error) => error.name !== 'if');

  const formContext: FormContext = { ...props.context, labelOf: words.title };

  return (
    <ThemedForm
      id={props.id}
      className="schema-form"
      schema={schema}
      uiSchema={localizedUi}
      formData={props.formData}
      validator={validator}
      formContext={formContext}
      translateString={translateString}
      transformErrors={transformErrors}
      customValidate={props.customValidate}
      experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'populateAllDefaults' }}
      noHtml5Validate
      showErrorList="top"
      focusOnFirstError
      disabled={props.disabled}
      onChange={(event: IChangeEvent<T>) => props.onChange?.(event.formData as T)}
      onSubmit={(event: IChangeEvent<T>) => props.onSubmit(event.formData as T)}
      // The error list shows the problems; without a handler RJSF would also log them to the console.
      onError={() => {}}
    >
      {props.noSubmit ? (
        <span hidden />
      ) : (
        (props.children ?? (
          <div className="form-submit">
            <Button type="submit" appearance="primary" disabled={props.disabled}>
              {props.submitText ?? t('submit')}
            </Button>
          </div>
        ))
      )}
    </ThemedForm>
  );
}
