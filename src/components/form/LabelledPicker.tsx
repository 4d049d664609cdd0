// A picker with its visible label: the label names it (aria-labelledby, since rsuite's toggle is a button the
// label's `for` does not reach), one choice at a time, not cleared by default and searched only when asked.
// `className` wraps the pair in a field of the form's grid; without it they sit in the caller's own row.
import type { ReactNode } from 'react';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';

export interface PickerChoice<V> {
  value: V;
  label: string;
}

export interface LabelledPickerProps<V extends string | number> {
  id: string;
  label: ReactNode;
  data: ReadonlyArray<PickerChoice<V>>;
  value: V | null;
  onChange(value: V | null): void;
  className?: string;
  block?: boolean;
  searchable?: boolean;
  cleanable?: boolean;
  disabled?: boolean;
}

export function LabelledPicker<V extends string | number>({ id, label, data, value, onChange, className, block, searchable = false, cleanable = false, disabled }: LabelledPickerProps<V>) {
  const pair = (
    <>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <SelectPicker
        id={id}
        aria-labelledby={`${id}-label`}
        block={block}
        searchable={searchable}
        cleanable={cleanable}
        disabled={disabled}
        data={data as PickerChoice<V>[]}
        value={value}
        onChange={(next) => onChange(next ?? null)}
      />
    </>
  );
  return className ? <div className={className}>{pair}</div> : pair;
}
