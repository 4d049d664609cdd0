// The add / edit dialog of a resource: its JSON Schema form (RJSF with the console's rsuite theme, labels from the
// resource's catalogue), Save busy while the call runs, the server's refusal (a 409 duplicate name) shown in place
// with the values kept as typed. Escape or Cancel closes; focus starts on the first field.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import { useFocusFirstField } from '../useFocusFirstField.ts';
import type { Vocabulary } from '../../forms/localize.ts';
import './resource.css';

export interface ResourceFormDialogProps<Form> {
  id: string;
  open: boolean;
  title: string;
  /** Null while the form's choices load (or when they failed: `loadFailure`). */
  schema: RJSFSchema | null;
  uiSchema?: UiSchema<Form>;
  initial: Form;
  vocabulary: Partial<Vocabulary>;
  loadFailure?: string | null;
  texts: { save: string; cancel: string; loading: string };
  onClose(): void;
  /** Runs the add or update; a rejection keeps the dialog open with the reason. */
  onSubmit(data: Form): Promise<void>;
}

export function ResourceFormDialog<Form>(props: ResourceFormDialogProps<Form>) {
  const { id, open, title, schema, texts } = props;
  const formId = `${id}-form`;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [data, setData] = useState<Form>(props.initial);
  const focus = useFocusFirstField(formId, open);
  const [openedWith, setOpenedWith] = useState<Form | null>(null);
  // Each opening starts from its own initial values and without the last refusal.
  if (open && props.initial !== openedWith) {
    setOpenedWith(props.initial);
    setData(props.initial);
    setFailure(null);
  }

  const submit = async (values: Form) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setData(values);
    try {
      await props.onSubmit(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={() => !busy && props.onClose()} size="sm" backdrop="static" aria-labelledby={`${id}-title`} onEntered={focus.onEntered} onExited={focus.onExited}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={`${id}-title`}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {schema ? (
          <LazySchemaForm<Form>
            id={formId}
            schema={schema}
            uiSchema={props.uiSchema}
            formData={data}
            vocabulary={props.vocabulary}
            onChange={setData}
            onSubmit={submit}
            disabled={busy}
            noSubmit
          />
        ) : props.loadFailure ? (
          <p className="resource-failure" role="alert">
            {props.loadFailure}
          </p>
        ) : (
          <Loader content={texts.loading} />
        )}
        {failure ? (
          <p className="dialog-failure" role="alert">
            {failure}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button type="button" onClick={props.onClose} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button type="submit" form={formId} appearance="primary" loading={busy} disabled={!schema}>
          {texts.save}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
