// Issue 37 on /actualTimeEvent, on fake calls: Confirm asks first (with an optional remark) instead of acting in one
// click; a confirmation is said in the message area with Undo, which calls the server's undo and brings the alarm
// back; the handling history names the handler by display name, the login name in the tooltip.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../src/app/notify.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { AlarmActions } from '../../src/screens/alarms/AlarmActions.tsx';
import { AlarmDetail } from '../../src/screens/alarms/AlarmDetail.tsx';
import { makeAlarm } from './alarmFixtures.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ performAlarmAction: vi.fn(), undoConfirm: vi.fn(), alarmDetail: vi.fn(), alarmImage: vi.fn() }));
vi.mock('../../src/screens/alarms/alarmsApi.ts', async (original) => ({ ...(await original()), ...calls }));

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  calls.alarmImage.mockImplementation(() => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  for (const notice of notices.list()) notices.close(notice.id);
});

describe('confirming an alarm', () => {
  it('asks first with an optional remark, then says so with Undo, and Undo takes it back', async () => {
    const alarm = makeAlarm(41, { status: 0 });
    calls.performAlarmAction.mockResolvedValue({ kind: 'done', status: 1 });
    calls.undoConfirm.mockResolvedValue({ ...alarm, status: 0 });
    const settled = vi.fn();
    renderSignedIn(
      <AlarmActions alarm={alarm} onSettled={settled} />,
      { buttons: ['actualTimeEvent'] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    // Not sent on the click (it was, in one click, before): a dialog asks, naming the alarm.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the alarm' });
    expect(calls.performAlarmAction).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Alarm 41');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Remark' }), { target: { value: 'seen on camera' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.performAlarmAction).toHaveBeenCalledWith(expect.objectContaining({ id: 41, action: { type: 'confirm', expectedStatus: 0, remark: 'seen on camera' } })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the alarm' })).toBeNull());
    // The console's message area (AppProviders mounts it): the success, with its Undo button.
    const toast = () => document.querySelector<HTMLElement>('.message-area-success');
    await waitFor(() => expect(toast()?.textContent).toContain('Alarm 41 confirmed'));
    fireEvent.click(within(toast()!).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.undoConfirm).toHaveBeenCalledWith(41));
    await waitFor(() => expect(settled).toHaveBeenLastCalledWith(0));
    await waitFor(() => expect(document.querySelector('.message-area-info')?.textContent).toContain('The confirmation of alarm 41 was undone'));
  });

  it('sends nothing when the dialog is cancelled, and offers no Undo when someone else had handled it', async () => {
    const alarm = makeAlarm(42, { status: 0 });
    calls.performAlarmAction.mockResolvedValue({ kind: 'refused', status: 2, handleUser: 'night shift', handleTime: '2026-11-21 08:31:00' });
    renderSignedIn(
      <AlarmActions alarm={alarm} />,
      { buttons: ['actualTimeEvent'] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm the alarm' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the alarm' })).toBeNull());
    expect(calls.performAlarmAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm the alarm' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/night shift handled this alarm/)).toBeTruthy();
    await act(async () => {});
    expect(document.querySelector('.message-area-action')).toBeNull();
  });
});

describe('the handling history', () => {
  it('names the handler by display name, the login name in the tooltip', async () => {
    const alarm = makeAlarm(43, { status: 1, handleUser: 'operator' });
    calls.alarmDetail.mockResolvedValue({
      ...alarm,
      history: [
        { action: 'confirm', fromStatus: 0, toStatus: 1, user: 'operator', userDisplayName: 'Duty officer', time: '2026-11-21 08:31:00', remark: null },
        { action: 'imageUpload', fromStatus: null, toStatus: null, user: 'gone.user', userDisplayName: null, time: '2026-11-21 08:32:00', remark: null },
      ],
    });
    renderSignedIn(<AlarmDetail alarm={alarm} withHistory />, { buttons: ['actualTimeEvent'] });
    const name = (await screen.findByText('Duty officer')).closest('.alarm-history-user') as HTMLElement;
    expect(name.textContent).toBe('Duty officer (operator)'); // the login name read out after it, hidden on screen
    fireEvent.mouseOver(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe('operator');
    // A user who no longer exists: the login name the history kept.
    expect(screen.getByText('gone.user')).toBeTruthy();
  });
});
