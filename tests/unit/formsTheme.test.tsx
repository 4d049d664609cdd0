// The rsuite theme of the schema-driven forms: widgets chosen per §9 (select above 4 options, radio up to 4),
// toggles, weekdays, number bounds, time windows, the drawn-shape field, labels from the catalogue, and the
// validation messages in Chinese and in English.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import eventAreaSchema from '../../schemas/event-area.schema.json';
import eventAreaUi from '../../schemas/event-area.ui.json';
import SchemaForm from '../../src/forms/SchemaForm.tsx';
import { loadMessages } from '../../src/forms/validator.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';
import { installDomPolyfills } from './systemSupport.tsx';

beforeAll(async () => {
  installDomPolyfills();
  await setupI18n('zh-CN', NAMESPACES);
  await Promise.all([loadMessages('zh-CN'), loadMessages('en')]);
});

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('zh-CN'));
});

const choices = (count: number) => ({
  type: 'object' as const,
  properties: { pick: { type: 'integer' as const, enum: Array.from({ length: count }, (_, i) => i + 1) } },
});

const eventArea = { cameraId: 1, eventId: 51, typeId: 2, appName: 'argus-general', eventName: '区域入侵' };

function renderForm(props: Partial<Parameters<typeof SchemaForm>[0]> & Pick<Parameters<typeof SchemaForm>[0], 'schema'>) {
  const onSubmit = vi.fn();
  const view = render(<SchemaForm id="form" formData={{}} onSubmit={onSubmit} submitText="保存" {...props} />);
  return { onSubmit, ...view };
}

describe('choices (§9: more than 4 options → select, up to 4 → radio)', () => {
  it('renders 4 options as radio buttons', () => {
    renderForm({ schema: choices(4) });
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('renders 5 options as a select', () => {
    renderForm({ schema: choices(5) });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('combobox')).toBeTruthy();
  });
});

describe('the event-area form', () => {
  it('labels every shown field from the catalogue and starts from the schema defaults', () => {
    renderForm({ schema: eventAreaSchema as never, uiSchema: eventAreaUi, formData: eventArea });
    expect(screen.getByText('告警间隔')).toBeTruthy();
    // unit has 3 values → radio; isInterested 2 → radio; lineDirection 3 → radio
    expect(screen.getByRole('radio', { name: '秒' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '推送告警' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '双向' })).toHaveProperty('checked', true);
    // weeks default 1–5
    const weeks = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((day) => screen.getByRole('checkbox', { name: day }));
    expect(weeks.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true, true, true, false, false]);
    // night mode is a toggle, off by default, with its 18:00–07:00 window
    expect(screen.getByRole('switch', { name: '夜间模式' })).toHaveProperty('checked', false);
    expect((screen.getByLabelText('夜间开始时间') as HTMLInputElement).value).toBe('18:00');
    expect((screen.getByLabelText('夜间结束时间') as HTMLInputElement).value).toBe('07:00');
    // hidden fields are not offered
    expect(screen.queryByText('cameraId')).toBeNull();
    // drawn fields without a snapshot say what is needed
    expect(screen.getAllByText('需要先获取摄像机截图才能绘制。')).toHaveLength(2);
  });

  it('submits the defaults of §9 untouched', async () => {
    const { onSubmit } = renderForm({ schema: eventAreaSchema as never, uiSchema: eventAreaUi, formData: eventArea });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      warnInterval: 60,
      weeks: [1, 2, 3, 4, 5],
      isInterested: 1,
      nightModeStartTime: '18:00',
      nightModeEndTime: '07:00',
      optParam: { durationMinTime: 60, durationMaxTime: 60, statTime: 60, timeInterval: 60 },
      identifyObj: { checked: false, prompt: [], box_threshold: 0.7 },
      crossMirrorNumber: 1,
      sceneDegree: 1,
      status: 0,
      act: 1,
      areas: [],
      lineAreas: [],
    });
  });

  it('refuses a number beyond its bound with a Chinese message, then an English one', async () => {
    const { onSubmit } = renderForm({ schema: eventAreaSchema as never, uiSchema: eventAreaUi, formData: { ...eventArea, warnInterval: 90000 } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const list = await screen.findByRole('alert');
    expect(within(list).getByText('告警间隔: 应在 0–86400 之间')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await act(() => i18next.changeLanguage('en'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Alarm interval: Must be between 0 and 86400/));
  });

  it('flags a time window that starts after it ends', () => {
    renderForm({ schema: eventAreaSchema as never, uiSchema: eventAreaUi, formData: { ...eventArea, times: [{ startTime: '10:00', endTime: '09:00' }] } });
    expect(screen.getByText('开始时间不能晚于结束时间')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加时段' }));
    expect(screen.getAllByLabelText('开始')).toHaveLength(2);
  });

  it('offers the editor once a snapshot is there', () => {
    renderForm({
      schema: eventAreaSchema as never,
      uiSchema: eventAreaUi,
      formData: eventArea,
      context: { snapshot: { status: 'ready', snapshot: { imageUrl: '/x.png', width: 1920, height: 1080 } } },
    });
    expect(screen.getByRole('button', { name: '在截图上绘制区域' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '在截图上绘制检测线' })).toBeTruthy();
  });
});
