// One add/edit dialog for the catalogue tabs: the panel lists its fields (text, number, or a pick from a list),
// the dialog checks the required ones, number bounds and the contract's shared patterns (an IPv4 address, a stream
// address), and shows the server's refusal (409 code taken) in place.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import Modal from 'rsuite/Modal';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { PATTERNS, type PatternRule } from '../../../domain/inputRules.ts';

export interface EntryField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'pick';
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: { value: number; label: string }[];
  /** A shared rule of the contract (an IPv4 address, a stream address), checked before sending. */
  rule?: PatternRule;
}
export type EntryValues = Record<string, string>;

export function EntryDialog({ title, fields, initial, open, onClose, onSubmit }: { title: string; fields: EntryField[]; initial: EntryValues; open: boolean; onClose(): void; onSubmit(values: EntryValues): Promise<void> }) {
  const { t } = useTranslation('devices');
  const { t: tForms } = useTranslation('forms');
  const [values, setValues] = useState<EntryValues>(initial);
  const [openedWith, setOpenedWith] = useState<EntryValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (open && initial !== openedWith) {
    setOpenedWith(initial);
    setValues(initial);
    setProblem(null);
  }

  const submit = async () => {
    for (const field of fields) {
      const value = (values[field.key] ?? '').trim();
      if (field.required && !value) return setProblem(t('catalogue.required', { field: field.label }));
      if (field.kind === 'number' && value) {
        const n = Number(value);
        if (!Number.isFinite(n) || (field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
          return setProblem(t('catalogue.range', { field: field.label, min: field.min, max: field.max }));
        }
      }
      if (field.rule && value && !new RegExp(PATTERNS[field.rule]).test(value)) {
        return setProblem(`${field.label}: ${tForms(`errors.rule.${field.rule}`)}`);
      }
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={() => !busy && onClose()} size="sm" backdrop="static" aria-labelledby="entry-dialog-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="entry-dialog-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="dialog-form">
        {fields.map((field) => (
          <div key={field.key} className="dialog-field">
            <label htmlFor={`entry-${field.key}`}>
              {field.label}
              {field.required ? ' *' : ''}
            </label>
            {field.kind === 'pick' ? (
              <SelectPicker
                id={`entry-${field.key}`}
                data={field.options ?? []}
                value={values[field.key] ? Number(values[field.key]) : null}
                onChange={(value) => setValues({ ...values, [field.key]: value === null ? '' : String(value) })}
                placeholder={t('form.none')}
                block
              />
            ) : (
              <Input
                id={`entry-${field.key}`}
                type={field.kind === 'number' ? 'number' : 'text'}
                value={values[field.key] ?? ''}
                maxLength={field.maxLength}
                onChange={(value) => setValues({ ...values, [field.key]: value })}
              />
            )}
          </div>
        ))}
        {problem ? (
          <p className="dialog-failure" role="alert">
            {problem}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button appearance="primary" onClick={submit} loading={busy}>
          {t('actions.save')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** '' → undefined, otherwise the trimmed text. */
export const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
/** '' → undefined, otherwise the number. */
export const num = (value: string | undefined) => (value?.trim() ? Number(value) : undefined);
