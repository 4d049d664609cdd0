// Issue 37: an alarm's delete asks first with the list kit's confirmation, whose code loads at the first asking
// (useLazyConfirm): the live alarm screen draws nothing else of the list kit, and loading it with the screen put the
// list kit's sheet (tables, the pager's pickers) on its page. Asked, it is the same dialog: Cancel keeps the alarm,
// asking again opens it again, Delete deletes.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { AlarmActions } from '../../src/screens/alarms/AlarmActions.tsx';
import { makeAlarm } from './alarmFixtures.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const loads = vi.hoisted(() => ({ confirmDialog: 0 }));
vi.mock('../../src/components/table/ConfirmDialog.tsx', async (original) => {
  loads.confirmDialog += 1;
  return original();
});
const calls = vi.hoisted(() => ({ performAlarmAction: vi.fn() }));
vi.mock('../../src/screens/alarms/alarmsApi.ts', async (original) => ({ ...(await original()), ...calls }));

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('en', NAMESPACES);
});
beforeEach(() => calls.performAlarmAction.mockReset());
afterEach(cleanup);

describe("an alarm's delete", () => {
  it('loads the confirmation at the first asking, and asks each time', async () => {
    const settled = vi.fn();
    renderSignedIn(<AlarmActions alarm={makeAlarm(7, { status: 0 })} onSettled={settled} />, { buttons: ['historyEvent', 'alarmDelete'] });
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(loads.confirmDialog, 'the confirmation loaded with the alarm actions').toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(remove);
    const asked = await screen.findByRole('alertdialog');
    expect(loads.confirmDialog).toBe(1);
    expect(asked.textContent).toContain('Delete alarm 7?');
    await act(async () => fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.performAlarmAction).not.toHaveBeenCalled();

    calls.performAlarmAction.mockResolvedValue({ kind: 'done', status: null });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(calls.performAlarmAction).toHaveBeenCalledWith(expect.objectContaining({ id: 7, action: { type: 'delete' } })));
    await waitFor(() => expect(settled).toHaveBeenCalledWith(null));
    expect(loads.confirmDialog).toBe(1);
  });
});
