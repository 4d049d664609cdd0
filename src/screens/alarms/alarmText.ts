// How alarms read on screen: type names from the §3 id tables in the user's language, statuses, confidence,
// the dialog corner. Alarm fields are always rendered as React text (never as HTML), so text a box sends is inert.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeName } from '../../domain/roadEventTypes.ts';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';

export const STATUS_KEYS = ['new', 'confirmed', 'ignored', 'dealt', 'checked'] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];

export const statusKey = (status: AlarmStatus): StatusKey => STATUS_KEYS[status];

/** rsuite Tag colours per status. */
export const STATUS_COLOURS: Record<AlarmStatus, 'red' | 'blue' | 'violet' | 'orange' | 'green'> = {
  0: 'red',
  1: 'blue',
  2: 'violet',
  3: 'orange',
  4: 'green',
};

/** The type name of an id in the current language. */
export function useTypeName(): (id: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((id: number) => eventTypeName(id, language), [language]);
}

export function confidenceText(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** §3 alarm dialog position (1–4; default 1): the corner the dialog opens in. */
export type DialogCorner = 'bottom-right' | 'bottom-left' | 'top-left' | 'top-right';
const CORNERS: Record<number, DialogCorner> = { 1: 'bottom-right', 2: 'bottom-left', 3: 'top-left', 4: 'top-right' };

export function dialogCorner(position: number | null | undefined): DialogCorner {
  return CORNERS[position ?? 1] ?? 'bottom-right';
}
