// Field-level templates of the rsuite theme: a labelled field with its errors under it, titles, descriptions
// (only the console's own — the schemas' descriptions are English notes for developers), help and field errors.
import {
  type DescriptionFieldProps,
  errorId,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  getTemplate,
  getUiOptions,
  helpId,
  type TitleFieldProps,
} from '@rjsf/utils';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, required, registry, uiSchema, rawErrors, classNames, schema } = props;
  // Checkboxes and toggles carry their own label.
  const displayLabel = props.displayLabel && schema.type !== 'boolean';
  const options = getUiOptions(uiSchema);
  if (hidden) return <div hidden>{children}</div>;
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, options);
  const hasErrors = Boolean(rawErrors && rawErrors.length > 0);
  const description = typeof options.description === 'string' && options.description ? options.description : null;
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div className={['form-field', hasErrors ? 'has-error' : '', classNames ?? ''].join(' ').trim()}>
        {displayLabel && label ? (
          <label htmlFor={id} className="form-field-label">
            {label}
            {required ? (
              <span className="form-field-required" aria-hidden="true">
                {' *'}
              </span>
            ) : null}
          </label>
        ) : null}
        {displayLabel && description ? <p className="form-field-description">{description}</p> : null}
        {children}
        {errors}
        {help}
      </div>
    </WrapIfAdditionalTemplate>
  );
}

export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const messages = (errors ?? []).filter((error) => error !== '' && error !== null && error !== undefined);
  if (messages.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="form-field-errors">
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages of one field, in the validator's order
        <li key={index}>{message}</li>
      ))}
    </ul>
  );
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="form-field-help">
      {help}
    </p>
  );
}

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="form-section-title">
      {title}
      {required ? (
        <span className="form-field-required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </legend>
  );
}

export function DescriptionFieldTemplate({ id, description, uiSchema }: DescriptionFieldProps) {
  // Only a description the console gave (ui:description) is shown.
  const own = getUiOptions(uiSchema).description;
  if (!own || own !== description) return null;
  return (
    <p id={id} className="form-field-description">
      {description}
    </p>
  );
}
