// A labelled choice of one (an algorithm, a trained version) in rsuite's SelectPicker: its label names the picker's
// toggle (aria-labelledby: the toggle is not a labelable element), searchable once the list is long.
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';

export function PickerField({ id, label, data, value, onChange }: { id: string; label: string; data: { value: number; label: string }[]; value: number | null; onChange(value: number): void }) {
  return (
    <div className="train-field-inline">
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <SelectPicker
        id={id}
        aria-labelledby={`${id}-label`}
        data={data}
        value={value}
        cleanable={false}
        searchable={data.length > 8}
        style={{ minWidth: 280 }}
        onChange={(chosen) => {
          if (chosen !== null) onChange(chosen);
        }}
      />
    </div>
  );
}
