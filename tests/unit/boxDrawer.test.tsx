// The per-box drawer of /edgeDevice/box against fake calls: the picture and governance-window rules hold before
// anything is sent; a picture is uploaded with its name; deleting and cancelling ask first; the SDC lists
// show what the box reported, or say it reported nothing; a failed load offers a retry.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { BoxDetailsDrawer } from '../../src/screens/devices/boxes/BoxDetailsDrawer.tsx';
import type { EdgeBox, EdgeBoxTask } from '../../src/screens/devices/boxes/boxesApi.ts';
import { fromWireTime, MAX_WORK_CLOTHES_BYTES, pictureProblem, toWireTime, windowProblem } from '../../src/screens/devices/boxes/boxRules.ts';
import { chooseFiles } from './uploadSupport.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  listWorkClothes: vi.fn(),
  addWorkClothes: vi.fn(),
  deleteWorkClothes: vi.fn(),
  saveGovernanceTask: vi.fn(),
  cancelGovernanceTask: vi.fn(),
  sdcApps: vi.fn(),
  sdcTopics: vi.fn(),
  boxTask: vi.fn(),
}));
vi.mock('../../src/screens/devices/boxes/boxExtrasApi.ts', () => ({ ...calls }));
vi.mock('../../src/screens/devices/boxes/boxesApi.ts', () => ({ boxTask: calls.boxTask }));
vi.mock('../../src/screens/devices/devicesApi.ts', () => ({
  allScenes: async () => [{ id: 1 }],
  sceneEvents: async () => [{ eventId: 7, eventName: 'No work clothes' }],
  listDevices: async () => ({ list: [{ id: 11, name: 'Gate cam' }], total: 1, pageNo: 1, pageSize: 500 }),
}));

const box = { id: 3, name: 'Gate box' } as EdgeBox;
/** The wire time `days` days from now (at 08:00). */
function wire(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(8, 0, 0, 0);
  return toWireTime(date);
}
const task: EdgeBoxTask = {
  boxId: 3,
  delivered: true,
  items: [{ cameraId: 11, cameraName: 'Gate cam', eventIds: [7], eventNames: ['No work clothes'] }],
  // Twenty days from tomorrow: its window is too long for a governance task.
  governanceTasks: [{ id: 5, boxId: 3, name: 'Spring check', cameraIds: [11], eventIds: [7], startTime: wire(1), endTime: wire(21), status: 'pending' }],
};

describe('box drawer rules', () => {
  it('accepts jpg/png up to 5 MB only', () => {
    expect(pictureProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(pictureProblem({ name: 'a.PNG', type: '', size: MAX_WORK_CLOTHES_BYTES })).toBeNull();
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: MAX_WORK_CLOTHES_BYTES + 1 })).toBe('size');
  });
  it('keeps a governance window ordered, in the future and within 15 days', () => {
    const now = new Date(2026, 10, 21);
    const at = (text: string) => fromWireTime(text);
    expect(windowProblem(null, at('2026-11-22 00:00:00'), now)).toBe('missing');
    expect(windowProblem(at('2026-11-22 00:00:00'), at('2026-11-21 12:00:00'), now)).toBe('order');
    expect(windowProblem(at('2026-11-19 00:00:00'), at('2026-11-20 00:00:00'), now)).toBe('past');
    expect(windowProblem(at('2026-11-21 00:00:00'), at('2026-12-06 00:00:01'), now)).toBe('tooLong');
    expect(windowProblem(at('2026-11-21 00:00:00'), at('2026-12-06 00:00:00'), now)).toBeNull();
    expect(toWireTime(new Date(2026, 10, 21, 8, 30))).toBe('2026-11-21 08:30:00');
    expect(toWireTime(new Date(2026, 10, 21, 8, 30, 15))).toBe('2026-11-21 08:30:15');
    expect(fromWireTime('2026-11-21 08:30:15')?.getTime()).toBe(new Date(2026, 10, 21, 8, 30, 15).getTime());
    expect(fromWireTime('21/11/2026')).toBeNull();
  });
});

describe('box drawer', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
    calls.listWorkClothes.mockResolvedValue({
      list: [{ id: 1, name: 'Blue overall', imageUrl: '/x.png', boxId: null, remark: null, createTime: '2026-11-20 10:00:00' }],
      total: 1,
      pageNo: 1,
      pageSize: 20,
    });
    calls.addWorkClothes.mockResolvedValue(2);
    calls.deleteWorkClothes.mockResolvedValue(undefined);
    calls.boxTask.mockResolvedValue(task);
    calls.cancelGovernanceTask.mockResolvedValue(undefined);
    calls.sdcApps.mockResolvedValue([]);
    calls.sdcTopics.mockResolvedValue([{ topic: 'alarms/ppe', appName: 'ppe', description: null }]);
  });
  afterEach(cleanup);

  const open = (onClose = () => {}) => renderSignedIn(<BoxDetailsDrawer box={box} canWrite onClose={onClose} />);

  it('refuses a picture that is not jpg/png, then uploads a good one with its progress', async () => {
    let sent: ((value: number) => void) | null = null;
    calls.addWorkClothes.mockImplementation(
      (_input: unknown, watch: { onProgress(progress: { loaded: number; total: number }): void }) =>
        new Promise((resolve) => {
          watch.onProgress({ loaded: 40, total: 100 });
          sent = resolve;
        }),
    );
    open();
    expect(await screen.findByText('Blue overall')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Orange vest' } });
    const dropZone = screen.getByLabelText('Picture');
    chooseFiles(dropZone, [new File(['x'], 'vest.gif', { type: 'image/gif' })]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/jpg, jpeg or png/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(calls.addWorkClothes).not.toHaveBeenCalled();
    const good = new File(['x'], 'vest.png', { type: 'image/png' });
    chooseFiles(dropZone, [good]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('list', { name: 'Chosen files' }).textContent).toContain('vest.png');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.addWorkClothes).toHaveBeenCalledWith({ file: good, name: 'Orange vest', boxId: 3, remark: undefined }, expect.anything()));
    // The bytes sent so far, on the file's own row.
    expect((await screen.findByRole('progressbar', { name: 'Upload of vest.png' })).getAttribute('aria-valuenow')).toBe('40');
    sent!(2);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull());
  });

  it('asks before deleting a picture', async () => {
    open();
    await screen.findByText('Blue overall');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    const dialog = await screen.findByRole('alertdialog', { name: /Delete work-clothes pictures/ });
    expect(dialog.textContent).toMatch(/removed from the library of every box/);
    expect(calls.deleteWorkClothes).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deleteWorkClothes).toHaveBeenCalledWith([1]));
  });

  it('lists governance tasks, checks the window in the form and cancels after confirmation', async () => {
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'Governance tasks' }));
    expect(await screen.findByText('Spring check')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit governance task' });
    // rsuite's form with its pickers: no browser date input, no native select.
    expect(form.querySelector('input[type="datetime-local"], input[type="date"], select')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Spring check');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/at most 15 days/);
    expect(calls.saveGovernanceTask).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel task' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Cancel the governance task/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(calls.cancelGovernanceTask).toHaveBeenCalledWith(5));
  });

  it('asks before Escape throws away a governance form with changes, and closes at once without them', async () => {
    const onClose = vi.fn();
    open(onClose);
    fireEvent.click(screen.getByRole('tab', { name: 'Governance tasks' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New governance task' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night check' } });
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape', code: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(onClose).not.toHaveBeenCalled();
    // Keep editing: the form and what was typed stay.
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Night check');
    // Changing tabs would lose it too: asked the same way; discarding goes on.
    fireEvent.click(screen.getByRole('tab', { name: 'SDC apps and topics' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('alarms/ppe')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing changed now: Escape closes the drawer at once.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'SDC apps and topics' }), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the reported SDC topics and says when no app was reported', async () => {
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'SDC apps and topics' }));
    expect(await screen.findByText('alarms/ppe')).toBeTruthy();
    expect(screen.getByText('The box has reported no apps')).toBeTruthy();
  });

  it('offers a retry when the SDC lists fail to load', async () => {
    calls.sdcApps.mockRejectedValueOnce(new Error('boom'));
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'SDC apps and topics' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/boom/);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('alarms/ppe')).toBeTruthy();
  });
});
