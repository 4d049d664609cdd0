// The camera and edge-box forms (issue 8 item 20): one rule set with the contract (schemas/devices.schema.json) —
// an IPv4 address, a port 1–65535, the stream address required for a live-stream camera and marked so — and
// messages written for people in both languages, never ajv's ("应当有必需属性 '名称'").
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Ajv from 'ajv';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import devicesSchema from '../../schemas/devices.schema.json';
import { validatorFor } from '../../src/forms/validator.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { BoxFormDialog } from '../../src/screens/devices/boxes/BoxFormDialog.tsx';
import { catalogueCamerasResource } from '../../src/screens/devices/catalogue/catalogueResources.ts';
import { messageOf } from '../../src/forms/validationMessages.ts';
import { DeviceFormDialog, deviceSchema } from '../../src/screens/devices/DeviceFormDialog.tsx';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ addDevice: vi.fn(), updateDevice: vi.fn(), addBox: vi.fn(), updateBox: vi.fn() }));
vi.mock('../../src/screens/devices/devicesApi.ts', () => ({ addDevice: calls.addDevice, updateDevice: calls.updateDevice }));
vi.mock('../../src/screens/devices/boxes/boxesApi.ts', () => ({ addBox: calls.addBox, updateBox: calls.updateBox }));

const BAD_ADDRESSES = ['999.1.1.abc', '300.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'cam.local', '::1'];
const GOOD_ADDRESSES = ['192.168.1.10', '0.0.0.0', '255.255.255.255', '10.0.0.1'];

/** The contract's own DeviceInput, as the server validates it (the same file, the same definitions). */
const contract = new Ajv({ allErrors: true, strict: false }).addSchema(devicesSchema, 'devices');
const contractAccepts = (definition: string, body: object) => contract.validate(`devices#/definitions/${definition}`, body);

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('zh-CN');
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('zh-CN');
});

describe('one rule set for the camera form and the contract', () => {
  const form = deviceSchema('normal', [], [], true);
  const formAccepts = (body: object) => validatorFor('zh-CN').isValid(form, body, form);

  it('refuses what the contract refuses and accepts what it accepts: addresses, ports, the stream address', () => {
    const base = { name: 'Gate', rtspUrl: 'rtsp://10.0.0.1/live' };
    const cases: object[] = [
      ...BAD_ADDRESSES.map((ip) => ({ ...base, ip })),
      ...GOOD_ADDRESSES.map((ip) => ({ ...base, ip })),
      { ...base, port: 70000 },
      { ...base, port: 0 },
      { ...base, port: 65535 },
      { ...base, port: 1 },
      { name: 'Gate' }, // a live-stream camera without its stream address
      { name: 'Gate', rtspUrl: 'ftp://10.0.0.1/x' },
      { rtspUrl: 'rtsp://10.0.0.1/live' }, // no name
    ];
    for (const body of cases) {
      expect(formAccepts(body), JSON.stringify(body)).toBe(contractAccepts('DeviceInput', { kind: 'normal', ...body }));
    }
    for (const ip of BAD_ADDRESSES) expect(formAccepts({ ...base, ip }), ip).toBe(false);
    for (const ip of GOOD_ADDRESSES) expect(formAccepts({ ...base, ip }), ip).toBe(true);
    expect(formAccepts({ ...base, port: 70000 })).toBe(false);
    expect(formAccepts({ name: 'Gate' })).toBe(false);
  });

  it('asks a picture camera for no stream address, like the contract', () => {
    const picture = deviceSchema('image', [], [], true);
    expect(picture.required).toEqual(['name']);
    expect(contractAccepts('DeviceInput', { kind: 'image', name: 'Yard' })).toBe(true);
    expect(deviceSchema('normal', [], [], true).required).toEqual(['name', 'rtspUrl']);
    expect(deviceSchema('normal', [], [], false).required).toEqual(['name', 'rtspUrl']);
  });
});

describe('the camera form', () => {
  beforeEach(() => {
    calls.addDevice.mockReset().mockResolvedValue(7);
  });

  const open = () =>
    renderSignedIn(<DeviceFormDialog kind="normal" target="new" scenes={[]} boxes={[]} onClose={() => {}} onSaved={() => {}} />);

  it('marks the stream address required and explains each refusal in words (Chinese)', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    const streamLabel = await within(dialog).findByText('视频流地址', { exact: false, selector: 'label' });
    expect(streamLabel.textContent).toContain('*');
    fireEvent.change(within(dialog).getByLabelText(/IP 地址/), { target: { value: '300.1.1.1' } });
    const port = within(dialog).getByLabelText(/端口/);
    fireEvent.change(port, { target: { value: '70000' } });
    fireEvent.blur(port);
    expect((port as HTMLInputElement).value).toBe('70000'); // not quietly made 65535
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const list = await within(dialog).findByRole('alert');
    expect(within(list).getByText('名称: 此项为必填项')).toBeTruthy();
    expect(within(list).getByText('视频流地址: 此项为必填项')).toBeTruthy();
    expect(within(list).getByText('IP 地址: 应为 IPv4 地址：四个 0–255 的数，用点分隔，如 192.168.1.10')).toBeTruthy();
    expect(within(list).getByText('端口: 应在 1–65535 之间')).toBeTruthy();
    expect(list.textContent).not.toMatch(/应当|必需属性|must|\^/);
    expect(calls.addDevice).not.toHaveBeenCalled();
  });

  it('says the same in English', async () => {
    await i18next.changeLanguage('en');
    open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/IP address/), { target: { value: '999.1.1.abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const list = await within(dialog).findByRole('alert');
    expect(within(list).getByText('Name: This field is required')).toBeTruthy();
    expect(within(list).getByText('Stream address: This field is required')).toBeTruthy();
    expect(within(list).getByText(/^IP address: Must be an IPv4 address/)).toBeTruthy();
  });

  it('sends a camera whose fields follow the rules', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/名称/), { target: { value: 'Gate' } });
    fireEvent.change(within(dialog).getByLabelText(/视频流地址/), { target: { value: 'rtsp://192.168.1.10/live' } });
    fireEvent.change(within(dialog).getByLabelText(/IP 地址/), { target: { value: '192.168.1.10' } });
    fireEvent.change(within(dialog).getByLabelText(/端口/), { target: { value: '554' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.addDevice).toHaveBeenCalledTimes(1));
    expect(calls.addDevice.mock.calls[0][0]).toMatchObject({ name: 'Gate', ip: '192.168.1.10', port: 554, rtspUrl: 'rtsp://192.168.1.10/live', kind: 'normal' });
  });
});

describe('what the camera’s edge box pulls and records', () => {
  beforeEach(() => {
    calls.addDevice.mockReset().mockResolvedValue(7);
  });

  const open = async () => {
    renderSignedIn(<DeviceFormDialog kind="normal" target="new" scenes={[]} boxes={[]} onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/名称/), { target: { value: 'Gate' } });
    fireEvent.change(within(dialog).getByLabelText(/视频流地址/), { target: { value: 'rtsp://192.168.1.10/live' } });
    return dialog;
  };

  it('offers the stream transport and the recording with their defaults, and sends what is chosen', async () => {
    const dialog = await open();
    expect((within(dialog).getByLabelText('录像分段时长（秒）') as HTMLInputElement).value).toBe('60');
    expect((within(dialog).getByLabelText('告警前录像（秒）') as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByLabelText('告警后录像（秒）') as HTMLInputElement).value).toBe('5');
    expect((within(dialog).getByRole('radio', { name: '自动（TCP）' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByText('UDP', { exact: true }));
    fireEvent.click(within(dialog).getByRole('switch', { name: '连续录像' }));
    fireEvent.change(within(dialog).getByLabelText('录像分段时长（秒）'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.addDevice).toHaveBeenCalledTimes(1));
    expect(calls.addDevice.mock.calls[0][0]).toMatchObject({ streamTransport: 'udp', recording: { continuous: true, segmentSeconds: 120, preSeconds: 3, postSeconds: 5 } });
  });

  it('refuses a recording out of the contract’s bounds, in words', async () => {
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText('录像分段时长（秒）'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('告警后录像（秒）'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const list = await within(dialog).findByRole('alert');
    expect(within(list).getByText('录像分段时长（秒）: 应在 10–300 之间')).toBeTruthy();
    expect(within(list).getByText('告警后录像（秒）: 应在 0–30 之间')).toBeTruthy();
    expect(calls.addDevice).not.toHaveBeenCalled();
    for (const recording of [{ segmentSeconds: 5 }, { postSeconds: 31 }]) expect(contractAccepts('DeviceInput', { kind: 'normal', name: 'Gate', rtspUrl: 'rtsp://10.0.0.1/live', recording })).toBe(false);
  });
});

describe('the edge-box form', () => {
  it('refuses an address that is not IPv4 and a missing serial number, in words', async () => {
    calls.addBox.mockReset();
    renderSignedIn(<BoxFormDialog target="new" onClose={() => {}} onCreated={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/IP 地址/), { target: { value: '999.1.1.abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /添加|注册/ }));
    const list = await within(dialog).findByRole('alert');
    expect(within(list).getByText('名称: 此项为必填项')).toBeTruthy();
    expect(within(list).getByText('序列号: 此项为必填项')).toBeTruthy();
    expect(within(list).getByText(/^IP 地址: 应为 IPv4 地址/)).toBeTruthy();
    expect(calls.addBox).not.toHaveBeenCalled();
    expect(contractAccepts('EdgeBoxInput', { name: 'b', serialNumber: 'S1', ip: '999.1.1.abc' })).toBe(false);
  });
});

describe('the catalogue camera form', () => {
  it('checks the same IPv4 and stream-address rules as the contract, in words', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(catalogueCamerasResource.form!.schema);
    const t = i18next.getFixedT('zh-CN', 'forms');
    expect(validate({ name: 'c', code: 'c1', ip: '300.1.1.1' })).toBe(false);
    expect(validate.errors!.map((error) => messageOf(t, error))).toEqual(['应为 IPv4 地址：四个 0–255 的数，用点分隔，如 192.168.1.10']);
    expect(contract.validate('devices#/definitions/IPv4Address', '300.1.1.1')).toBe(false);
    expect(validate({ name: 'c', code: 'c1', rtspUrl: 'ftp://cam/1' })).toBe(false);
    expect(validate({ name: 'c', code: 'c1', ip: '192.168.1.10', rtspUrl: 'rtsp://192.168.1.10/1' })).toBe(true);
  });
});
