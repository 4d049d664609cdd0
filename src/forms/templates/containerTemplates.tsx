// Container templates of the rsuite theme: objects as titled sections (a grid with `ui:options.columns`, folded
// with `collapsed`), arrays as lists with their item buttons, the error list above the form, and the buttons.
import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ArrayFieldTitleProps,
  buttonId,
  type ErrorListProps,
  getSubmitButtonOptions,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  TranslatableString,
  titleId,
} from '@rjsf/utils';
import type { CSSProperties } from 'react';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { contextOf } from '../formContext.ts';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, properties, registry, required, schema, title, uiSchema, optionalDataControl } = props;
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const columns = typeof options.columns === 'number' ? options.columns : null;
  const isRoot = fieldPathId.path.length === 0;
  const style = columns ? ({ '--form-columns': columns } as CSSProperties) : undefined;
  const body = (
    <div className={columns ? 'form-object-body form-grid' : 'form-object-body'} style={style}>
      {properties.filter((property) => !property.hidden).map((property) => property.content)}
      {/* hidden properties still render (their FieldTemplate hides them) so their values stay in the form */}
      {properties.filter((property) => property.hidden).map((property) => property.content)}
    </div>
  );
  if (isRoot) return <div className="form-root">{body}</div>;
  const heading = options.title || title;
  if (options.collapsed === true) {
    return (
      <details className="form-object" id={fieldPathId.$id}>
        <summary className="form-section-title">{heading}</summary>
        {body}
      </details>
    );
  }
  return (
    <fieldset className="form-object" id={fieldPathId.$id} aria-labelledby={heading ? titleId(fieldPathId) : undefined}>
      {heading ? (
        <TitleFieldTemplate id={titleId(fieldPathId)} title={heading} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      ) : null}
      {optionalDataControl}
      {body}
    </fieldset>
  );
}

export function ArrayFieldTitleTemplate({ title, fieldPathId, required }: ArrayFieldTitleProps) {
  if (!title) return null;
  return (
    <legend id={titleId(fieldPathId)} className="form-section-title">
      {title}
      {required ? (
        <span className="form-field-required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </legend>
  );
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, required, schema, title, optionalDataControl } = props;
  const options = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className="form-array" id={fieldPathId.$id}>
      <ArrayFieldTitleTemplate fieldPathId={fieldPathId} title={options.title || title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      {optionalDataControl}
      {items.length === 0 ? <p className="form-array-empty">{registry.translateString(TranslatableString.EmptyArray)}</p> : null}
      <div className="form-array-items">{items}</div>
      {canAdd ? (
        <AddButton id={buttonId(fieldPathId, 'add')} onClick={onAddClick} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />
      ) : null}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry, uiSchema } = props;
  const ArrayFieldItemButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className="form-array-item">
      <div className="form-array-item-body">{children}</div>
      {hasToolbar ? (
        <div className="form-array-item-buttons">
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </div>
      ) : null}
    </div>
  );
}

/** The problems of the whole form, above it; each names its field in the user's language. */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const { labelOf } = contextOf(registry);
  const nameOf = (property: string | undefined, title: string | undefined) => {
    if (title) return title;
    const last = (property ?? '').split('.').filter((part) => part && !/^\d+$/.test(part)).at(-1);
    return last ? (labelOf?.(last) ?? last) : '';
  };
  return (
    <div className="form-error-list" role="alert">
      <p className="form-error-list-title">{registry.translateString(TranslatableString.ErrorsLabel)}</p>
      <ul>
        {errors.map((error, index) => {
          const name = nameOf(error.property, error.title);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the validator's messages, in its order
            <li key={index}>{name ? `${name}: ${error.message ?? ''}` : (error.message ?? error.stack)}</li>
          );
        })}
      </ul>
    </div>
  );
}

export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="form-submit">
      <Button type="submit" appearance="primary" disabled={props?.disabled}>
        {submitText || registry.translateString(TranslatableString.AddButton)}
      </Button>
    </div>
  );
}

function IconButton({ registry, onClick, disabled, id, className, text, symbol, appearance = 'default' }: IconButtonProps & { text: TranslatableString; symbol: string; appearance?: 'default' | 'ghost' }) {
  const label = registry.translateString(text);
  return (
    <Button id={id} size="xs" appearance={appearance} className={className} onClick={onClick} disabled={disabled} title={label} aria-label={label}>
      {symbol}
    </Button>
  );
}

const CopyButton = (props: IconButtonProps) => <IconButton {...props} text={TranslatableString.CopyButton} symbol="⧉" />;
const MoveDownButton = (props: IconButtonProps) => <IconButton {...props} text={TranslatableString.MoveDownButton} symbol="↓" />;
const MoveUpButton = (props: IconButtonProps) => <IconButton {...props} text={TranslatableString.MoveUpButton} symbol="↑" />;
const RemoveButton = (props: IconButtonProps) => <IconButton {...props} text={TranslatableString.RemoveButton} symbol="✕" appearance="ghost" />;
const ClearButton = (props: IconButtonProps) => <IconButton {...props} text={TranslatableString.ClearButton} symbol="✕" />;

function AddButton({ registry, onClick, disabled, id }: IconButtonProps) {
  return (
    <Button id={id} size="sm" onClick={onClick} disabled={disabled} className="form-array-add">
      {registry.translateString(TranslatableString.AddItemButton)}
    </Button>
  );
}

export const ButtonTemplates = {
  SubmitButton,
  AddButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  ClearButton,
};
