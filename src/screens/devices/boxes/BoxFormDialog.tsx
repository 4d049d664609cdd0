// Register or edit an edge box. Schema-driven by the contract's own EdgeBoxInput / EdgeBoxUpdateInput
// (schemas/devices.schema.json: name ≤ 32, serial number of letters, digits, _ and -, fixed once registered, IPv4). Registering answers the box's ingest secret, which
// the caller shows once (SecretDialog).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/dialog/ActionDialog.tsx';
import { useOpenedFor, useSubmission } from '../../../components/dialog/useSubmission.ts';
import { LazySchemaForm } from '../../../forms/LazySchemaForm.tsx';
import { presentFields } from '../../../forms/presentFields.ts';
import { formSchemaOf } from '../shared/inputSchemas.ts';
import { addBox, type EdgeBox, type EdgeBoxCreated, updateBox } from './boxesApi.ts';

interface BoxValues {
  name?: string;
  serialNumber?: string;
  ip?: string;
  model?: string;
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  remark?: string;
}

/** The form of a box: EdgeBoxInput's rules (EdgeBoxUpdateInput's when editing; the serial number is fixed then). */
function boxSchema(creating: boolean): RJSFSchema {
  return creating
    ? formSchemaOf('EdgeBoxInput', { fields: ['name', 'serialNumber', 'ip', 'model', 'longitude', 'latitude', 'address', 'remark'] })
    : formSchemaOf('EdgeBoxUpdateInput', { fields: ['name', 'ip', 'model', 'longitude', 'latitude', 'address', 'remark'] });
}

const uiSchema: UiSchema<BoxValues> = { remark: { 'ui:widget': 'textarea' }, 'ui:options': { columns: 2 } };

function valuesOf(box: EdgeBox): BoxValues {
  return presentFields(box, ['name', 'ip', 'model', 'longitude', 'latitude', 'address', 'remark']);
}

export interface BoxFormDialogProps {
  target: EdgeBox | 'new' | null;
  onClose(): void;
  onCreated(created: EdgeBoxCreated, name: string): void;
  onSaved(): void;
}

export function BoxFormDialog({ target, onClose, onCreated, onSaved }: BoxFormDialogProps) {
  const { t } = useTranslation('devices');
  const [values, setValues] = useState<BoxValues>({});
  const { busy, failure, setFailure, run } = useSubmission();
  const openedFor = useOpenedFor(target, (opened) => {
    setValues(opened && opened !== 'new' ? valuesOf(opened) : {});
    setFailure(null);
  });

  const save = async (data: BoxValues) => {
    if (!target || busy) return;
    await run(async () => {
      const name = (data.name ?? '').trim();
      if (target === 'new') onCreated(await addBox({ ...data, name, serialNumber: data.serialNumber ?? '' }), name);
      else {
        await updateBox({ ...data, name, id: target.id });
        onSaved();
      }
    });
  };

  return (
    <ActionDialog
      open={target !== null}
      titleId="box-form-title"
      title={target === 'new' ? t('boxes.addTitle') : t('boxes.editTitle', { name: openedFor && openedFor !== 'new' ? openedFor.name : '' })}
      size="md"
      busy={busy}
      failure={failure}
      onClose={onClose}
      action={{ label: target === 'new' ? t('boxes.add') : t('actions.save'), form: 'box-form' }}
    >
      {target !== null ? (
        <LazySchemaForm<BoxValues>
          id="box-form"
          schema={boxSchema(target === 'new')}
          uiSchema={uiSchema}
          formData={values}
          onChange={setValues}
          onSubmit={save}
          noSubmit
          disabled={busy}
          vocabulary={{ title: (name) => t(`fields.${name}` as never, { defaultValue: name }) }}
        />
      ) : null}
    </ActionDialog>
  );
}
