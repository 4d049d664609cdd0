// The values a form starts from when it edits a stored record: each named field that has a value. A field the
// record holds as null (or lacks) is left out, so the form shows it empty and sends nothing for it.
export function presentFields<T extends object, K extends keyof T>(record: T, keys: readonly K[]): { [P in K]?: NonNullable<T[P]> } {
  const values: { [P in K]?: NonNullable<T[P]> } = {};
  for (const key of keys) {
    const value = record[key];
    if (value !== null && value !== undefined) values[key] = value as NonNullable<T[typeof key]>;
  }
  return values;
}
