// A field whose value is drawn shapes (uiSchema `ui:field: drawnShapes`, options shapeType 1|5, palette,
// maxShapes): shows a tag per shape and opens the shape editor on the camera's snapshot (form context). Without
// a snapshot it says so and offers to take one — the server needs the frame size to store shapes.
import { type FieldProps, getUiOptions } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { isPaletteName, type PaletteName } from '../../components/shapeEditor/palettes.ts';
import { ShapeEditorDialog } from '../../components/shapeEditor/ShapeEditorDialog.tsx';
import type { Shape, ShapeType } from '../../domain/eventAreaWire.ts';
import { contextOf } from '../formContext.ts';

/** Default bound when the uiSchema gives none: one shape per palette colour. */
const PALETTE_SIZE = 12;

export function DrawnShapesField(props: FieldProps<Shape[]>) {
  const { t } = useTranslation('forms');
  const { formData, onChange, fieldPathId, uiSchema, registry, name, disabled, readonly, rawErrors, schema } = props;
  const options = getUiOptions(uiSchema);
  const shapeType: ShapeType = options.shapeType === 5 ? 5 : 1;
  const palette: PaletteName = isPaletteName(options.palette) ? options.palette : shapeType === 5 ? 'line' : 'polygon';
  const schemaMax = typeof schema.maxItems === 'number' ? schema.maxItems : PALETTE_SIZE;
  const maxShapes = Math.min(typeof options.maxShapes === 'number' ? options.maxShapes : schemaMax, schemaMax, PALETTE_SIZE);
  const context = contextOf(registry);
  const shapes = Array.isArray(formData) ? formData : [];
  const title = (typeof options.title === 'string' && options.title) || context.labelOf?.(name) || name;
  const kind = shapeType === 1 ? 'area' : 'line';
  const [open, setOpen] = useState(false);
  const snapshot = context.snapshot ?? { status: 'none' as const };
  // Nested fields share names ("areas"): the path tells them apart.
  const fieldKey = fieldPathId.path.join('.');
  const others = (context.allShapes?.() ?? []).filter((entry) => entry.field !== fieldKey).flatMap((entry) => entry.shapes);
  const errors = (rawErrors ?? []).filter(Boolean);

  return (
    <fieldset className="form-drawn" id={fieldPathId.$id} aria-describedby={errors.length ? `${fieldPathId.$id}__error` : undefined}>
      <legend className="form-section-title">{title}</legend>
      <ul className="form-drawn-tags" aria-label={t('drawing.shapes')}>
        {shapes.length === 0 ? <li className="form-drawn-none">{t(`drawing.none.${kind}`)}</li> : null}
        {shapes.map((shape, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a shape is its palette entry, or its position when it has none
          <li key={`${shape.id ?? 'shape'}-${index}`} className="form-drawn-tag">
            <span className="shape-swatch" style={{ background: shape.colour }} aria-hidden="true" />
            {t(`drawing.tag.${kind}`, { n: index + 1, points: shape.points.length })}
          </li>
        ))}
      </ul>
      <div className="form-drawn-actions">
        {snapshot.status === 'ready' ? (
          <Button size="sm" appearance="primary" onClick={() => setOpen(true)} disabled={disabled || readonly}>
            {t(`drawing.open.${kind}`, { what: title })}
          </Button>
        ) : (
          <>
            <span className="form-drawn-note" role={snapshot.status === 'failed' ? 'alert' : undefined}>
              {snapshot.status === 'failed' ? snapshot.message : snapshot.status === 'loading' ? t('drawing.snapshotLoading') : t('drawing.needSnapshot')}
            </span>
            {context.takeSnapshot && snapshot.status !== 'loading' ? (
              <Button size="sm" onClick={context.takeSnapshot}>
                {t('drawing.takeSnapshot')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      {errors.length ? (
        <ul id={`${fieldPathId.$id}__error`} className="form-field-errors">
          {errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages of one field, in order
            <li key={index}>{error}</li>
          ))}
        </ul>
      ) : null}
      {snapshot.status === 'ready' ? (
        <ShapeEditorDialog
          open={open}
          title={title}
          label={title}
          imageUrl={snapshot.snapshot.imageUrl}
          frame={snapshot.snapshot}
          shapeType={shapeType}
          palette={palette}
          maxShapes={maxShapes}
          minShapes={context.requiredShapes?.(fieldKey) ?? 0}
          value={shapes}
          others={others}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            setOpen(false);
            onChange(next, fieldPathId.path);
          }}
        />
      ) : null}
    </fieldset>
  );
}
