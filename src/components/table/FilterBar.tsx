// The filter bar of a list: the screen's fields over a draft of the filters; Enter or Search applies the draft
// (to the URL, through the list), Reset clears it. Pickers may apply at once with `applyNow`. When the URL
// changes under it (Back, a link), the draft follows.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';

export interface FilterDraft<K extends string> {
  values: Record<K, string>;
  set(key: K, value: string): void;
  /** Sets a field and applies the whole draft (for pickers, where a choice is the action). */
  applyNow(key: K, value: string): void;
  /** Problems of the draft by field (set by `validate`), shown by the screen beside its fields. */
  problems: Partial<Record<K, string>>;
  apply(): void;
  reset(): void;
}

export interface FilterDraftOptions<K extends string> {
  /** Answers a message per field that blocks applying the draft (e.g. a time range that runs backwards). */
  validate?: (values: Record<K, string>) => Partial<Record<K, string>>;
  /** Extra filters the reset keeps (e.g. the department chosen in a tree beside the table). */
  keepOnReset?: readonly K[];
}

export function useFilterDraft<K extends string>(
  applied: Record<K, string>,
  setFilters: (filters: Partial<Record<K, string>>) => void,
  options: FilterDraftOptions<K> = {},
): FilterDraft<K> {
  const [values, setValues] = useState(applied);
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});
  // What this draft last applied, until the URL has it: the URL catching up with the draft's own apply (a router
  // transition, late on a loaded machine) must not overwrite what the user typed since — only a change from
  // outside (Back, a link) does.
  const ownApply = useRef<Record<K, string> | null>(null);
  const appliedKey = JSON.stringify(applied);
  // The filters the draft was last set from: at mount the draft starts from them, and setting it again re-rendered
  // the whole screen once more during its first load.
  const draftedFrom = useRef(appliedKey);
  useEffect(() => {
    if (draftedFrom.current === appliedKey) return;
    draftedFrom.current = appliedKey;
    const next = JSON.parse(appliedKey) as Record<K, string>;
    const mine = ownApply.current;
    ownApply.current = null;
    if (mine && (Object.keys(next) as K[]).every((key) => (mine[key] ?? '') === (next[key] ?? ''))) return;
    setValues(next);
    setProblems({});
  }, [appliedKey]);

  const applyValues = (next: Record<K, string>) => {
    const found = options.validate?.(next) ?? {};
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    ownApply.current = next;
    setFilters(next);
  };

  return {
    values,
    problems,
    set: (key, value) => {
      setValues((current) => ({ ...current, [key]: value }));
      if (problems[key]) setProblems((current) => ({ ...current, [key]: undefined }));
    },
    applyNow: (key, value) => {
      const next = { ...values, [key]: value };
      setValues(next);
      applyValues(next);
    },
    apply: () => applyValues(values),
    reset: () => {
      const cleared = Object.fromEntries(
        Object.keys(values).map((key) => [key, options.keepOnReset?.includes(key as K) ? values[key as K] : '']),
      ) as Record<K, string>;
      setValues(cleared);
      setProblems({});
      ownApply.current = cleared;
      setFilters(cleared);
    },
  };
}

export function FilterBar({ draft, children, label }: { draft: FilterDraft<string>; children: ReactNode; label: string }) {
  const { t } = useTranslation('common');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    draft.apply();
  };
  return (
    <search aria-label={label}>
      <form className="filter-bar" onSubmit={submit} noValidate>
      {children}
      <div className="filter-bar-buttons">
        <Button type="submit" appearance="primary">
          {t('table.search')}
        </Button>
        <Button type="button" onClick={draft.reset}>
          {t('table.reset')}
        </Button>
      </div>
      </form>
    </search>
  );
}

/** A labelled filter field with its problem below it. */
export function FilterField({ id, label, problem, children }: { id: string; label: string; problem?: string; children: ReactNode }) {
  return (
    <div className="filter-field">
      {/* The id names pickers too (aria-labelledby): their toggle is not a labelable element. */}
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
      {problem ? (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
