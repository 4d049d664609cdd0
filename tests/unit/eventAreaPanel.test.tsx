// The event form's fields for the edge rules (schemas/event-area.schema.json): the smallest and largest object as a
// percent of the picture's height, and the second-identification algorithm chosen among the trained algorithms with
// a published version — shown, checked (the smallest not above the largest) and saved; a saved algorithm whose
// version was withdrawn still shows as what it is.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../src/i18n/setup.ts';
import { EventAreaPanel } from '../../src/screens/devices/camera/EventAreaPanel.tsx';
import { eventAreaSchemaWith } from '../../src/screens/devices/camera/eventAreaForm.ts';
import { installDomPolyfills, renderSignedIn } from './systemSupport.tsx';

const calls = vi.hoisted(() => ({ eventConfigs: vi.fn(), recheckAlgorithms: vi.fn(), saveEventConfig: vi.fn() }));
vi.mock('../../src/screens/devices/devicesApi.ts', () => calls);

const saved = {
  id: 9,
  cameraId: 4,
  eventId: 54,
  typeId: 2,
  appName: 'argus-general',
  eventName: '未穿工作服',
  idKey: '54_2_argus-general',
  status: 0,
  warnInterval: 60,
  unit: 's',
  weeks: [1, 2, 3, 4, 5],
  times: [],
  areas: [],
  lineAreas: [],
  area: '',
  lineArea: '',
  udrSetting: { udrNum: 0, udrVertices: [] },
  tripwiresSetting: [],
  updateTime: '2026-12-07 10:00:00',
};
/** Limits for a loaded 2-core machine (the form's chunk and its validator are compiled on first use). */
const WAIT = { timeout: 120_000 };
const SLOW = 90_000;
const helmet = { algorithmId: 3, name: '安全帽识别', version: 'train-2', threshold: 0.6 };

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('zh-CN');
});
beforeEach(() => {
  calls.eventConfigs.mockReset().mockResolvedValue([saved]);
  calls.recheckAlgorithms.mockReset().mockResolvedValue([helmet]);
  calls.saveEventConfig.mockReset().mockImplementation(async (body: object) => ({ ...saved, ...body }));
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('zh-CN');
});

const open = async () => {
  renderSignedIn(
    <EventAreaPanel cameraId={4} event={{ configId: 9, eventId: 54, typeId: 2, appName: 'argus-general', eventName: '未穿工作服', status: 0 }} snapshot={{ status: 'none' }} canWrite onSaved={() => {}} />,
  );
  return screen.findByRole('region', { name: '事件“未穿工作服”的配置' }, WAIT);
};

describe('the event form’s edge-rule fields', () => {
  it('shows the object-size bounds and the second-identification choices, and saves them', async () => {
    const form = await open();
    fireEvent.change(await within(form).findByLabelText('最小目标高度（占画面高度 %）', {}, WAIT), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('最大目标高度（占画面高度 %）'), { target: { value: '60' } });
    expect((within(form).getByRole('radio', { name: '不进行二次识别' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(await within(form).findByText('安全帽识别（版本 train-2）'));
    fireEvent.click(within(form).getByRole('button', { name: '保存配置' }));
    await waitFor(() => expect(calls.saveEventConfig).toHaveBeenCalledTimes(1), WAIT);
    expect(calls.saveEventConfig.mock.calls[0][0]).toMatchObject({ minObjectHeight: 10, maxObjectHeight: 60, recheckAlgorithmId: 3 });
  }, SLOW);

  it('refuses a smallest object above the largest, and bounds outside 1–100, in words', async () => {
    const form = await open();
    fireEvent.change(await within(form).findByLabelText('最小目标高度（占画面高度 %）', {}, WAIT), { target: { value: '70' } });
    fireEvent.change(within(form).getByLabelText('最大目标高度（占画面高度 %）'), { target: { value: '101' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存配置' }));
    const list = await within(form).findByRole('alert', {}, WAIT);
    expect(within(list).getByText('最大目标高度（占画面高度 %）: 应在 1–100 之间')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('最大目标高度（占画面高度 %）'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存配置' }));
    await waitFor(() => expect(within(form).getByText('最小目标高度（占画面高度 %）: 不能大于最大目标高度')).toBeTruthy(), WAIT);
    expect(calls.saveEventConfig).not.toHaveBeenCalled();
  }, SLOW);

  it('names a saved algorithm that has no published version any more, in English too', async () => {
    await i18next.changeLanguage('en');
    calls.eventConfigs.mockResolvedValue([{ ...saved, recheckAlgorithmId: 8 }]);
    renderSignedIn(
      <EventAreaPanel cameraId={4} event={{ configId: 9, eventId: 54, typeId: 2, appName: 'argus-general', eventName: '未穿工作服', status: 0 }} snapshot={{ status: 'none' }} canWrite onSaved={() => {}} />,
    );
    const form = await screen.findByRole('region', { name: 'Settings of the event “未穿工作服”' }, WAIT);
    const chosen = await within(form).findByRole('radio', { name: 'Algorithm 8 (no published trained version any more)' }, WAIT);
    expect((chosen as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('radio', { name: '安全帽识别 (version train-2)' })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'No second identification' })).toBeTruthy();
  }, SLOW);

  it('offers none and the published algorithms; a saved choice stays among them', () => {
    expect(eventAreaSchemaWith([helmet]).properties?.recheckAlgorithmId).toMatchObject({ enum: [null, 3], maximum: 2147483647 });
    expect(eventAreaSchemaWith([helmet], 3).properties?.recheckAlgorithmId).toMatchObject({ enum: [null, 3] });
    expect(eventAreaSchemaWith([], 8).properties?.recheckAlgorithmId).toMatchObject({ enum: [null, 8] });
  });
});
