// The window a statistics screen shows, read from and written to the URL (so a link reproduces the view).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSimulatedDefault } from './useSimulatedDefault.ts';
import { readWindow, type WindowView, windowQuery, writeWindow } from '../statsWindow.ts';

export function useStatsWindow() {
  const [params, setParams] = useSearchParams();
  const simulatedByDefault = useSimulatedDefault();
  const { view, problem } = useMemo(() => readWindow(params, new Date(), simulatedByDefault), [params, simulatedByDefault]);
  const query = useMemo(() => (problem ? null : windowQuery(view)), [view, problem]);
  const key = `${view.start}|${view.end}|${view.includeSimulated}`;
  const change = (patch: Partial<WindowView>) => setParams((current) => writeWindow(current, patch));
  return { view, problem, query, key, change };
}
