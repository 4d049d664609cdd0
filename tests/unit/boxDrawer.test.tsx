// The per-box drawer of /edgeDevice/box against fake calls: the picture and governance-window rules hold before
// anything is sent; a picture is uploaded with its name; deleting and cancelling ask first; the SDC lists
// show what the box reported, or say it reported nothing; a failed load offers a retry.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { BoxDetailsDrawer } from '../../src/screens/devices/boxes/BoxDetailsDrawer.tsx';
import type { EdgeBox, EdgeBoxTask } from '../../src/screens/devices/boxes/boxesApi.ts';
import { MAX_WORK_CLOTHES_BYTES, pictureProblem, toWireTime, windowProblem } from '../../src/screens/devices/boxes/boxRules.ts';
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
const task: EdgeBoxTask = {
  boxId: 3,
  delivered: true,
  items: [{ cameraId: 11, cameraName: 'Gate cam', eventIds: [7], eventNames: ['No work clothes'] }],
  governanceTasks: [{ id: 5, boxId: 3, name: 'Spring check', cameraIds: [11], eventIds: [7], startTime: '2026-11-21 08:00:00', endTime: '2026-11-25 08:00:00', status: 'pending' }],
};

describe('box drawer rules', () => {
  it('accepts jpg/png up to 5 MB only', () => {
    expect(pictureProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(pictureProblem({ name: 'a.PNG', type: '', size: MAX_WORK_CLOTHES_BYTES })).toBeNull();
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: MAX_WORK_CLOTHES_BYTES + 1 })).toBe('size');
  });
  it('keeps a governance window ordered, in the future and within 15 days', () => {
    const now = new Date('2026-11-21T00:00:00');
    expect(windowProblem('', '2026-11-22T00:00', now)).toBe('missing');
    expect(windowProblem('2026-11-22T00:00', '2026-11-21T12:00', now)).toBe('order');
    expect(windowProblem('2026-11-19T00:00', '2026-11-20T00:00', now)).toBe('past');
    expect(windowProblem('2026-11-21T00:00', '2026-12-06T00:00:01', now)).toBe('tooLong');
    expect(windowProblem('2026-11-21T00:00', '2026-12-06T00:00', now)).toBeNull();
    expect(toWireTime('2026-11-21T08:30')).toBe('2026-11-21 08:30:00');
    expect(toWireTime('2026-11-21T08:30:15')).toBe('2026-11-21 08:30:15');
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

  const open = () => renderSignedIn(<BoxDetailsDrawer box={box} canWrite onClose={() => {}} />);

  it('refuses a picture that is not jpg/png, then uploads a good one', async () => {
    open();
    expect(await screen.findByText('Blue overall')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Orange vest' } });
    const input = screen.getByLabelText(/Picture \(jpg/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'vest.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/jpg, jpeg or png/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(calls.addWorkClothes).not.toHaveBeenCalled();
    const good = new File(['x'], 'vest.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [good] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.addWorkClothes).toHaveBeenCalledWith({ file: good, name: 'Orange vest', boxId: 3, remark: undefined }));
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

  it('lists governance tasks, checks the window and cancels after confirmation', async () => {
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'Governance tasks' }));
    expect(await screen.findByText('Spring check')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-12-31T08:00:00' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-12-01T08:00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at most 15 days/);
    expect(calls.saveGovernanceTask).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel task' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Cancel the governance task/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(calls.cancelGovernanceTask).toHaveBeenCalledWith(5));
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
