// The camera screen's extra settings against fake calls: an output's target is checked per type before it is
// sent; deleting an output and syncing the event configuration ask first, and the sync shows how many
// configurations went out; the frame rate stays within 1 and the stream's own rate.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { CrossCameraPanel } from '../../src/screens/devices/camera/CrossCameraPanel.tsx';
import { FpsSyncPanel } from '../../src/screens/devices/camera/FpsSyncPanel.tsx';
import { OutputsPanel } from '../../src/screens/devices/camera/OutputsPanel.tsx';
import { outputProblem } from '../../src/screens/devices/camera/outputRules.ts';
import type { DeviceInfo } from '../../src/screens/devices/devicesApi.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({
  deviceFps: vi.fn(),
  editDeviceFps: vi.fn(),
  addOutput: vi.fn(),
  deleteOutputs: vi.fn(),
  syncEventConfig: vi.fn(),
  saveCrossCamera: vi.fn(),
}));
vi.mock('../../src/screens/devices/camera/cameraExtrasApi.ts', () => ({ ...calls }));
vi.mock('../../src/screens/devices/devicesApi.ts', () => ({
  listDevices: async () => ({
    list: [
      { id: 4, name: 'Gate cam' },
      { id: 5, name: 'Yard cam' },
    ],
    total: 2,
    pageNo: 1,
    pageSize: 500,
  }),
}));

const device = {
  id: 4,
  name: 'Gate cam',
  kind: 'normal',
  events: [{ configId: 1, eventId: 7, typeId: 1, appName: 'ppe', eventName: 'No helmet', status: 0 }],
  outputs: [{ id: 9, cameraId: 4, name: 'SOC hook', outputType: 'http', target: 'https://soc.example/hook', topic: null, eventIds: [], enabled: true, createTime: '2026-11-20 10:00:00' }],
} as unknown as DeviceInfo;

describe('output rules', () => {
  it('wants a URL for http and host:port plus a topic for mqtt and kafka', () => {
    expect(outputProblem({ name: '', outputType: 'http', target: 'https://a', topic: '' })).toBe('name');
    expect(outputProblem({ name: 'a', outputType: 'http', target: 'ftp://a', topic: '' })).toBe('url');
    expect(outputProblem({ name: 'a', outputType: 'http', target: 'http://a.b/x', topic: '' })).toBeNull();
    expect(outputProblem({ name: 'a', outputType: 'mqtt', target: 'http://a:1883', topic: 't' })).toBe('hostPort');
    expect(outputProblem({ name: 'a', outputType: 'kafka', target: 'broker:9092', topic: ' ' })).toBe('topic');
    expect(outputProblem({ name: 'a', outputType: 'kafka', target: 'broker:9092', topic: 'alarms' })).toBeNull();
  });
});

describe('camera extras', () => {
  beforeAll(async () => {
    installDomPolyfills();
    await setupI18n('en', NAMESPACES);
  });
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
    calls.deviceFps.mockResolvedValue({ cameraId: 4, fps: 5, sourceFps: 25 });
    calls.editDeviceFps.mockResolvedValue(undefined);
    calls.addOutput.mockResolvedValue(10);
    calls.deleteOutputs.mockResolvedValue(undefined);
    calls.syncEventConfig.mockResolvedValue(3);
  });
  afterEach(cleanup);

  it('adds a kafka output only once broker and topic are valid', async () => {
    const changed = vi.fn();
    renderSignedIn(<OutputsPanel device={device} canWrite onChanged={changed} />);
    expect(screen.getByText('SOC hook')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add output' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bus' } });
    fireEvent.click(screen.getByLabelText('kafka'));
    fireEvent.change(screen.getByLabelText('Broker (host:port)'), { target: { value: 'broker:9092' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a topic');
    expect(calls.addOutput).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'alarms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.addOutput).toHaveBeenCalledWith({ cameraId: 4, name: 'Bus', outputType: 'kafka', target: 'broker:9092', topic: 'alarms', eventIds: [] }),
    );
    expect(changed).toHaveBeenCalled();
  });

  it('asks before deleting an output', async () => {
    renderSignedIn(<OutputsPanel device={device} canWrite onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete output SOC hook' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Delete the alarm output/ });
    expect(calls.deleteOutputs).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deleteOutputs).toHaveBeenCalledWith([9]));
  });

  it('keeps the frame rate within the stream rate and syncs after confirmation', async () => {
    renderSignedIn(<FpsSyncPanel cameraId={4} cameraName="Gate cam" canWrite />);
    expect(await screen.findByText(/5 frames analysed per second/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Frames per second'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/1 to 25/);
    fireEvent.change(screen.getByLabelText('Frames per second'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.editDeviceFps).toHaveBeenCalledWith(4, 12));
    fireEvent.click(screen.getByRole('button', { name: 'Sync event configuration' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Sync the event configuration/ });
    expect(calls.syncEventConfig).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sync event configuration' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((node) => node.textContent === '3 configurations sent')).toBe(true));
  });

  it('links cameras across for the chosen event, never more required than linked', async () => {
    calls.saveCrossCamera.mockResolvedValue(1);
    const event = (device.events ?? [])[0];
    renderSignedIn(<CrossCameraPanel cameraId={4} event={event} canWrite />);
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one linked camera');
    fireEvent.click(screen.getByRole('combobox', { name: 'Linked cameras' }));
    fireEvent.click(await screen.findByText('Yard cam'));
    expect(screen.queryByRole('option', { name: 'Gate cam' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Cameras that must see the target'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a whole number from 1 to 1');
    fireEvent.change(screen.getByLabelText('Cameras that must see the target'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() =>
      expect(calls.saveCrossCamera).toHaveBeenCalledWith({
        cameraId: 4,
        eventId: 7,
        typeId: 1,
        appName: 'ppe',
        crossMirrorNumber: 1,
        cameraBoxList: [{ cameraId: 5, cameraName: 'Yard cam' }],
      }),
    );
  });
});
