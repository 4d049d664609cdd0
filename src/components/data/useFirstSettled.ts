// Parts of a screen whose arrival would move one another (a list above a panel, a panel above a chart) show
// together: true from the first render where none of them is loading, and from then on (a later reload of one
// part keeps the others in place).
import { useState } from 'react';

export function useFirstSettled(...statuses: readonly string[]): boolean {
  const [settled, setSettled] = useState(false);
  const now = statuses.every((status) => status !== 'loading');
  if (!settled && now) setSettled(true);
  return settled || now;
}
