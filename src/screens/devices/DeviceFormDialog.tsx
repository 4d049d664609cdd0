// Add or edit a camera (live stream or picture capture). The form is schema-driven: its rules are the contract's own
// DeviceInput / DeviceUpdateInput (schemas/devices.schema.json: IPv4 address, port 1–65535, stream address required
// for a live-stream camera, lengths), with the scenes and edge boxes as choices.
// A refusal from the server (a taken name or serial number, an unknown box) shows in the dialog; nothing typed is lost.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { useOpenedFor, useSubmission } from '../../components/dialog/useSubmission.ts';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import { presentFields } from '../../forms/presentFields.ts';
import { formSchemaOf, STREAM_REQUIRED } from './shared/inputSchemas.ts';
import { addDevice, type BoxOption, type Device, type DeviceKind, type Scene, updateDevice } from './devicesApi.ts';

export interface DeviceFormValues {
  name?: string;
  serialnumber?: string;
  ip?: string;
  port?: number;
  rtspUrl?: string;
  username?: string;
  password?: string;
  brand?: string;
  sceneId?: number | null;
  boxId?: number | null;
  fps?: number;
  streamTransport?: 'auto' | 'tcp' | 'udp';
  recording?: { continuous?: boolean; segmentSeconds?: number; preSeconds?: number; postSeconds?: number };
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  remark?: string;
}

const FIELDS = {
  // How its edge box pulls and records the stream: live-stream cameras only.
  normal: ['name', 'serialnumber', 'ip', 'port', 'rtspUrl', 'username', 'password', 'brand', 'sceneId', 'boxId', 'fps', 'streamTransport', 'longitude', 'latitude', 'address', 'remark', 'recording'],
  image: ['name', 'serialnumber', 'ip', 'port', 'username', 'password', 'brand', 'sceneId', 'boxId', 'fps', 'longitude', 'latitude', 'address', 'remark'],
} as const;

/** The form of a camera: DeviceInput's rules (DeviceUpdateInput's when editing), the scenes and boxes as choices. */
export function deviceSchema(kind: Exclude<DeviceKind, 'offline'>, scenes: readonly Scene[], boxes: readonly BoxOption[], creating = true): RJSFSchema {
  return formSchemaOf(creating ? 'DeviceInput' : 'DeviceUpdateInput', {
    fields: FIELDS[kind],
    // A live-stream camera always has its stream address (required to add one; editing keeps it present).
    alsoRequired: kind === 'normal' ? STREAM_REQUIRED : [],
    extend: {
      sceneId: { enum: [null, ...scenes.map((scene) => scene.id)], default: null },
      boxId: { enum: [null, ...boxes.map((box) => box.id)], default: null },
    },
  });
}

const uiSchema: UiSchema<DeviceFormValues> = {
  password: { 'ui:widget': 'password', 'ui:options': { autocomplete: 'new-password' } },
  fps: { 'ui:widget': 'updown' },
  port: { 'ui:widget': 'updown' },
  streamTransport: { 'ui:widget': 'radio', 'ui:options': { inline: true } },
  recording: {
    'ui:classNames': 'form-field-wide',
    'ui:options': { columns: 2 },
    continuous: { 'ui:widget': 'toggle' },
    segmentSeconds: { 'ui:widget': 'updown' },
    preSeconds: { 'ui:widget': 'updown' },
    postSeconds: { 'ui:widget': 'updown' },
  },
  remark: { 'ui:widget': 'textarea' },
  'ui:options': { columns: 2 },
};

/** The editable values of a saved device (the password is never read back: empty keeps it). */
export function valuesOf(device: Device): DeviceFormValues {
  return {
    ...presentFields(device, ['name', 'serialnumber', 'ip', 'port', 'rtspUrl', 'username', 'brand', 'fps', 'longitude', 'latitude', 'address', 'remark']),
    sceneId: device.sceneId ?? null,
    boxId: device.boxId ?? null,
    ...(device.kind === 'normal' ? presentFields(device, ['streamTransport', 'recording']) : {}),
  };
}

export interface DeviceFormDialogProps {
  kind: Exclude<DeviceKind, 'offline'>;
  /** 'new', the device being edited, or null when closed. */
  target: Device | 'new' | null;
  scenes: readonly Scene[];
  boxes: readonly BoxOption[];
  onClose(): void;
  onSaved(id: number): void;
}

export function DeviceFormDialog({ kind, target, scenes, boxes, onClose, onSaved }: DeviceFormDialogProps) {
  const { t } = useTranslation('devices');
  const [values, setValues] = useState<DeviceFormValues>({});
  const { busy, failure, setFailure, run } = useSubmission();
  const openedFor = useOpenedFor(target, (opened) => {
    setValues(opened && opened !== 'new' ? valuesOf(opened) : {});
    setFailure(null);
  });

  const save = async (data: DeviceFormValues) => {
    if (busy || !target) return;
    await run(async () => {
      const body = { ...data, name: (data.name ?? '').trim(), password: data.password || undefined };
      if (target === 'new') onSaved(await addDevice({ ...body, kind }));
      else {
        await updateDevice({ ...body, id: target.id });
        onSaved(target.id);
      }
    });
  };

  const formId = 'device-form';
  return (
    <ActionDialog
      open={target !== null}
      titleId="device-form-title"
      title={target === 'new' ? t(`form.add.${kind}`) : t('form.edit', { name: openedFor && openedFor !== 'new' ? openedFor.name : '' })}
      size="md"
      busy={busy}
      failure={failure}
      onClose={onClose}
      action={{ label: t('actions.save'), form: formId }}
    >
      {target !== null ? (
        <LazySchemaForm<DeviceFormValues>
          id={formId}
          schema={deviceSchema(kind, scenes, boxes, target === 'new')}
          uiSchema={uiSchema}
          formData={values}
          onChange={setValues}
          onSubmit={save}
          noSubmit
          disabled={busy}
          vocabulary={{
            title: (name) => t(`fields.${name}` as never, { defaultValue: name }),
            enumName: (name, value) => {
              if (value === null) return t('form.none');
              if (name === 'sceneId') return scenes.find((scene) => scene.id === value)?.sceneName;
              if (name === 'boxId') return boxes.find((box) => box.id === value)?.name;
              if (name === 'streamTransport') return t(`form.transport.${String(value)}` as never);
              return undefined;
            },
          }}
        />
      ) : null}
    </ActionDialog>
  );
}
