// A form's values and the §5 problems the user should see: a field's problem shows once it was left or the form
// was submitted, and goes as soon as it is fixed. Submitting an invalid form moves focus to the first field
// with a problem.
import { useState } from 'react';
import type { Problem } from '../../../domain/validators.ts';

export type Problems<F extends string> = Partial<Record<F, Problem | null>>;

export interface FormState<V extends Record<string, unknown>> {
  values: V;
  /** Problems to show now (left or submitted fields only). */
  shown: Problems<Extract<keyof V, string>>;
  set<F extends keyof V>(field: F, value: V[F]): void;
  /** Marks a field as visited (its problem shows from now on). */
  leave(field: Extract<keyof V, string>): void;
  /** Shows every problem; true when there is none. Focuses the first field with one. */
  attempt(): boolean;
  reset(values: V): void;
}

export function useFormState<V extends Record<string, unknown>>(
  initial: V,
  validate: (values: V) => Problems<Extract<keyof V, string>>,
  /** The fields in screen order, and the id prefix of their controls (`${idPrefix}-${field}`). */
  layout: { order: ReadonlyArray<Extract<keyof V, string>>; idPrefix: string },
): FormState<V> {
  type F = Extract<keyof V, string>;
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const problems = validate(values);
  const shown: Problems<F> = {};
  for (const [field, problem] of Object.entries(problems) as Array<[F, Problem | null]>) {
    if (problem && (submitted || visited.has(field))) shown[field] = problem;
  }
  return {
    values,
    shown,
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    leave: (field) => setVisited((current) => (current.has(field) ? current : new Set(current).add(field))),
    attempt: () => {
      setSubmitted(true);
      const firstBad = layout.order.find((field) => problems[field]);
      if (firstBad) {
        const control = document.getElementById(`${layout.idPrefix}-${firstBad}`);
        // Pickers render a toggle button with the id; inputs take focus directly.
        control?.focus();
        return false;
      }
      return true;
    },
    reset: (next) => {
      setValues(next);
      setVisited(new Set());
      setSubmitted(false);
    },
  };
}
