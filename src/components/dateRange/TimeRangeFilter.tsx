// A list's time-range filter over two keys of its filter draft (a start and an end time, "yyyy-MM-dd HH:mm:ss"):
// the typed date range picker, loaded when reached for (LazyDateRangePicker.tsx), with presets that end now; times
// after now are not offered. Its problem is the start's or the end's (the screen's `validate`). As a declared
// toolbar field: timeRangeField (a ListToolbar `custom` field, so only screens that declare one load it).
import { FilterField, type FilterDraft } from '../table/FilterBar.tsx';
import type { CustomField } from '../table/ListToolbar.tsx';
import { LazyDateRangePicker } from './LazyDateRangePicker.tsx';
import { DATE_TIME_TEXTS } from './typedRange.ts';

const HOUR = 3_600_000;

export interface TimeRangeSpec<K extends string> {
  start: K;
  end: K;
  label: string;
  placeholder: string;
  /** Ranges that end now, by their length in hours ("last hour" 1, "last day" 24). */
  presets?: ReadonlyArray<{ label: string; hours: number }>;
  /** The field's least width, px. */
  minWidth?: number;
}

export function TimeRangeFilter<K extends string>({ draft, id, start, end, label, placeholder, presets = [], minWidth }: TimeRangeSpec<K> & { draft: FilterDraft<K>; id: string }) {
  const ranges = presets.map((preset) => ({ label: preset.label, value: () => [new Date(Date.now() - preset.hours * HOUR), new Date()] as [Date, Date] }));
  return (
    <FilterField id={id} label={label} problem={draft.problems[start] ?? draft.problems[end]}>
      <LazyDateRangePicker
        id={id}
        aria-labelledby={`${id}-label`}
        format="yyyy-MM-dd HH:mm:ss"
        start={draft.values[start]}
        end={draft.values[end]}
        texts={DATE_TIME_TEXTS}
        ranges={ranges}
        shouldDisableDate={(date) => date.getTime() > Date.now()}
        onChange={(range) => {
          draft.set(start, range.start);
          draft.set(end, range.end);
        }}
        placeholder={placeholder}
        style={minWidth ? { minWidth } : undefined}
      />
    </FilterField>
  );
}

/** The time range as a declared toolbar field; `key` names its DOM id (`<toolbar id>-filter-<key>`). */
export function timeRangeField<K extends string>(key: string, spec: TimeRangeSpec<K>): CustomField<K> {
  return { kind: 'custom', key, render: (draft, id) => <TimeRangeFilter draft={draft} id={id} {...spec} /> };
}
