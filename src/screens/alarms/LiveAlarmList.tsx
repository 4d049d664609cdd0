// The live list: newest first, at most VISIBLE_ROWS rows rendered (the store keeps more; /historyEvent has all),
// rows memoised so a burst re-renders only the new ones. Keyboard: one row in the tab order; arrows move, Home/End
// jump, Enter/Space select. While the pointer or the keyboard focus is on the list it asks to be held still
// (onHold), and lets go when both have left (onRelease): a row does not move away under the pointer as alarms arrive.
import { type FocusEvent, type KeyboardEvent, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Tag from 'rsuite/Tag';
import 'rsuite/Tag/styles/index.css';
import type { WarnEvent } from './alarmsApi.ts';
import { confidenceText, STATUS_COLOURS, statusKey, useTypeName } from './alarmText.ts';

export const VISIBLE_ROWS = 100;

interface Props {
  alarms: readonly WarnEvent[];
  selectedId: number | null;
  onSelect(id: number): void;
  label: string;
  onHold?(): void;
  onRelease?(): void;
}

export function LiveAlarmList({ alarms, selectedId, onSelect, label, onHold, onRelease }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const on = useRef({ pointer: false, focus: false });
  const set = (what: 'pointer' | 'focus', value: boolean) => {
    const before = on.current.pointer || on.current.focus;
    on.current[what] = value;
    const after = on.current.pointer || on.current.focus;
    if (after && !before) onHold?.();
    else if (before && !after) onRelease?.();
  };
  // Keyboard focus holds the list; the focus a click leaves on a row does not (the pointer's leaving lets it go).
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    if (focusVisible(event.target)) set('focus', true);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) set('focus', false);
  };
  const shown = alarms.length > VISIBLE_ROWS ? alarms.slice(0, VISIBLE_ROWS) : alarms;
  const focusIndex = Math.max(0, shown.findIndex((alarm) => alarm.id === selectedId));

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button.alarm-row') ?? [])];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'ArrowDown' ? current + 1 : event.key === 'ArrowUp' ? current - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : null;
    if (next === null || buttons.length === 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))].focus();
  };

  return (
    <ul
      className="alarm-live-list"
      aria-label={label}
      ref={listRef}
      onKeyDown={onKeyDown}
      onPointerEnter={() => set('pointer', true)}
      onPointerLeave={() => set('pointer', false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {shown.map((alarm, index) => (
        <LiveRow key={alarm.id} alarm={alarm} selected={alarm.id === selectedId} tabbable={index === focusIndex} onSelect={onSelect} />
      ))}
    </ul>
  );
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without the selector: count every focus
  }
}

const LiveRow = memo(function LiveRow({
  alarm,
  selected,
  tabbable,
  onSelect,
}: {
  alarm: WarnEvent;
  selected: boolean;
  tabbable: boolean;
  onSelect(id: number): void;
}) {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  return (
    <li className="alarm-live-item" data-alarm-id={alarm.id}>
      <button type="button" className={`alarm-row${selected ? ' is-selected' : ''}`} aria-pressed={selected} tabIndex={tabbable ? 0 : -1} onClick={() => onSelect(alarm.id)}>
        <span className="alarm-row-main">
          <span className="alarm-row-type">
            {alarm.urgent ? (
              <Tag size="sm" color="red">
                {t('urgent.badge')}
              </Tag>
            ) : null}
            {typeName(alarm.eventType)}
          </span>
          <span className="alarm-row-meta">
            {alarm.cameraName} · {alarm.alarmTime}
            {alarm.simulated ? (
              <Tag size="sm" className="alarm-simulated">
                {t('fields.simulated')}
              </Tag>
            ) : null}
          </span>
        </span>
        <span className="alarm-row-side">
          <Tag size="sm" color={STATUS_COLOURS[alarm.status]}>
            {t(`status.${statusKey(alarm.status)}`)}
          </Tag>
          <span className="alarm-row-meta">{confidenceText(alarm.confidence)}</span>
        </span>
      </button>
    </li>
  );
});
