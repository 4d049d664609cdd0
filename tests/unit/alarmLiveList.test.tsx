// The live list: alarm text renders inert (React text, never markup), type names from the §3 tables in the user's
// language, the visible rows capped, memoised rows (a burst re-renders only new ones), keyboard movement.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { LiveAlarmList, VISIBLE_ROWS } from '../../src/screens/alarms/LiveAlarmList.tsx';
import { heldView } from '../../src/screens/alarms/liveHold.ts';
import { makeAlarm } from './alarmFixtures.ts';

beforeAll(async () => {
  await setupI18n('zh-CN', NAMESPACES);
});

afterEach(cleanup);

const HOSTILE = '<img src=x onerror="globalThis.__listXss=1"><script>globalThis.__listXss=2</script>';

describe('live alarm list', () => {
  it('shows alarm text as text: nothing a box sends becomes markup', () => {
    const { container } = render(
      <LiveAlarmList alarms={[makeAlarm(1, { cameraName: HOSTILE })]} selectedId={null} onSelect={() => {}} label="alarms" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('button').textContent).toContain(HOSTILE);
    expect((globalThis as { __listXss?: number }).__listXss).toBeUndefined();
  });

  it('names types from the §3 tables in the current language, and marks urgent ones', async () => {
    render(<LiveAlarmList alarms={[makeAlarm(1, { eventType: 1009, urgent: true })]} selectedId={null} onSelect={() => {}} label="alarms" />);
    expect(screen.getByRole('button').textContent).toContain('火灾');
    expect(screen.getByRole('button').textContent).toContain('紧急');
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('button').textContent).toContain('Fire');
    await act(() => i18next.changeLanguage('zh-CN'));
  });

  it('marks a simulated alarm as such, and only those', () => {
    render(<LiveAlarmList alarms={[makeAlarm(2, { simulated: false }), makeAlarm(1)]} selectedId={null} onSelect={() => {}} label="alarms" />);
    const [real, simulated] = screen.getAllByRole('button');
    expect(real.textContent).not.toContain('模拟数据');
    expect(simulated.textContent).toContain('模拟数据');
  });

  it(`renders at most ${VISIBLE_ROWS} rows, newest first as given, with one row in the tab order`, () => {
    const alarms = Array.from({ length: VISIBLE_ROWS + 30 }, (_, i) => makeAlarm(1000 - i));
    render(<LiveAlarmList alarms={alarms} selectedId={998} onSelect={() => {}} label="alarms" />);
    const rows = screen.getAllByRole('button');
    expect(rows).toHaveLength(VISIBLE_ROWS);
    expect(rows.filter((row) => row.tabIndex === 0)).toEqual([rows[2]]);
    expect(rows[2].getAttribute('aria-pressed')).toBe('true');
  });

  it('moves with the arrow keys, Home and End, and selects on click', () => {
    const onSelect = vi.fn();
    render(<LiveAlarmList alarms={[makeAlarm(3), makeAlarm(2), makeAlarm(1)]} selectedId={null} onSelect={onSelect} label="alarms" />);
    const rows = screen.getAllByRole('button');
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1], { key: 'End' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2], { key: 'Home' });
    expect(document.activeElement).toBe(rows[0]);
    fireEvent.click(rows[1]);
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('asks to be held while the pointer or the keyboard focus is on it, and lets go when both have left', () => {
    const onHold = vi.fn();
    const onRelease = vi.fn();
    render(<LiveAlarmList alarms={[makeAlarm(2), makeAlarm(1)]} selectedId={null} onSelect={() => {}} label="alarms" onHold={onHold} onRelease={onRelease} />);
    const list = screen.getByRole('list');
    const outside = document.createElement('button');
    document.body.append(outside);
    const [first, second] = screen.getAllByRole('button');

    // The focus a click leaves on a row (not :focus-visible) does not hold the list once the pointer leaves.
    fireEvent.pointerEnter(list);
    expect(onHold).toHaveBeenCalledTimes(1);
    first.focus();
    fireEvent.pointerLeave(list);
    expect(onRelease).toHaveBeenCalledTimes(1);

    // Keyboard focus (:focus-visible) holds it after the pointer has left, until the focus leaves the list too.
    const matches = vi.spyOn(Element.prototype, 'matches').mockImplementation((selector: string) => selector === ':focus-visible');
    try {
      outside.focus();
      fireEvent.pointerEnter(list);
      first.focus();
      second.focus(); // focus moving inside the list lets nothing go
      fireEvent.pointerLeave(list);
      expect(onRelease).toHaveBeenCalledTimes(1);
      outside.focus();
      expect(onRelease).toHaveBeenCalledTimes(2);
    } finally {
      matches.mockRestore();
      outside.remove();
    }
  });
});

describe('the held live list', () => {
  it('keeps its rows in place, each as it is now, drops deleted ones and counts the arrivals', () => {
    const held = [makeAlarm(3), makeAlarm(2), makeAlarm(1)];
    const now = [makeAlarm(5), makeAlarm(4), makeAlarm(3, { status: 1 }), makeAlarm(1)];
    const view = heldView(now, held.map((a) => a.id));
    expect(view.alarms.map((a) => a.id)).toEqual([3, 1]);
    expect(view.alarms[0].status).toBe(1);
    expect(view.waiting).toBe(2);
    expect(heldView(now, now.map((a) => a.id))).toEqual({ alarms: now, waiting: 0 });
  });
});
