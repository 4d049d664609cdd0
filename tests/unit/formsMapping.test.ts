// Between what the server stores and what the forms show: the event-area configuration (night window, engine
// fields, the defaults that depend on when the form opens) and the planned-task schedule.
import { describe, expect, it } from 'vitest';
import { bodyFromForm, formatDateTime, formFromSaved } from '../../src/screens/devices/camera/eventAreaForm.ts';
import type { SavedEventConfig } from '../../src/screens/devices/devicesApi.ts';
import { bodyOf, onceInPast, planSchema, valuesOf } from '../../src/screens/tasks/plans/planForm.ts';
import type { TaskPlan } from '../../src/screens/tasks/tasksApi.ts';

const now = new Date(2026, 10, 21, 8, 30, 0);
const area = { type: 1 as const, id: 1, colour: '#FF4D4F', points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.5, y: 0.5 }] };

const saved = {
  id: 7,
  cameraId: 1,
  eventId: 51,
  typeId: 2,
  appName: 'argus-general',
  idKey: '51_2_argus-general',
  area: '192,108,960,108,960,540',
  lineArea: '',
  udrSetting: { udrNum: 1, udrVertices: [] },
  tripwiresSetting: [],
  eventTimeId: 3,
  times: [
    { startTime: '19:00', endTime: '06:00', type: 2 },
    { startTime: '08:00', endTime: '12:00', type: 1 },
  ],
  nightMode: true,
  nightModeStartTime: '19:00',
  nightModeEndTime: '06:00',
  areas: [area],
  lineAreas: [],
  act: 1,
} as unknown as SavedEventConfig;

describe('event-area form ↔ saved configuration', () => {
  it('takes the night window out of times (§4: first entry of type 2) and leaves the engine fields out', () => {
    const form = formFromSaved(saved, now);
    expect(form.times).toEqual([{ startTime: '08:00', endTime: '12:00', type: 1 }]);
    expect(form).toMatchObject({ nightMode: true, nightModeStartTime: '19:00', nightModeEndTime: '06:00', areas: [area] });
    for (const key of ['idKey', 'area', 'lineArea', 'udrSetting', 'tripwiresSetting', 'eventTimeId']) expect(form).not.toHaveProperty(key);
  });

  it('marks the intrusion event as needing an area (§5)', () => {
    expect(formFromSaved(saved, now).hasUdrVertice).toBe(true);
    expect(formFromSaved({ ...saved, eventId: 52 } as SavedEventConfig, now).hasTripwire).toBe(true);
  });

  it('sets the video window to the 15 minutes before now and the activity window to the last 24 hours (§9)', () => {
    const form = formFromSaved(saved, now);
    expect(form.videoStartTime).toBe('2026-11-21 08:15:00');
    expect(form.videoEndTime).toBe('2026-11-21 08:30:00');
    expect(form.actStartTime).toBe('2026-11-20 08:30:00');
    expect(form.actEndTime).toBe(formatDateTime(now));
    const kept = formFromSaved({ ...saved, videoStartTime: '2026-01-01 00:00:00', videoEndTime: '2026-01-01 00:15:00' } as SavedEventConfig, now);
    expect(kept.videoStartTime).toBe('2026-01-01 00:00:00');
  });

  it('puts the night window back first in times when saving, and keeps the shapes as drawn', () => {
    const body = bodyFromForm(formFromSaved(saved, now));
    expect(body.times).toEqual([
      { startTime: '19:00', endTime: '06:00', type: 2 },
      { startTime: '08:00', endTime: '12:00', type: 1 },
    ]);
    expect(body.areas).toEqual([area]);
    const off = bodyFromForm({ ...formFromSaved(saved, now), nightMode: false });
    expect(off.times).toEqual([{ startTime: '08:00', endTime: '12:00', type: 1 }]);
  });
});

describe('planned-task schedule', () => {
  it('sends weeks without a date, or a date without weeks', () => {
    expect(bodyOf({ name: ' p ', cameraIds: [1], action: 'stop', executeTime: '08:00:00', repeat: 'weekly', weeks: [1, 3] })).toMatchObject({
      name: 'p',
      weeks: [1, 3],
      onceDate: null,
      enabled: true,
    });
    expect(bodyOf({ name: 'p', cameraIds: [1], executeTime: '08:00:00', repeat: 'once', onceDate: '2027-01-01', weeks: [1] })).toMatchObject({
      weeks: [],
      onceDate: '2027-01-01',
      action: 'start',
    });
  });

  it('asks for the fields of the chosen schedule only', () => {
    expect(planSchema('weekly', [1]).required).toContain('weeks');
    expect(planSchema('weekly', [1]).properties).not.toHaveProperty('onceDate');
    expect(planSchema('once', [1]).required).toContain('onceDate');
  });

  it('refuses a one-off plan in the past and reads a saved plan back into the form', () => {
    expect(onceInPast({ repeat: 'once', onceDate: '2026-11-21', executeTime: '08:00:00' }, now)).toBe(true);
    expect(onceInPast({ repeat: 'once', onceDate: '2026-11-21', executeTime: '09:00:00' }, now)).toBe(false);
    expect(onceInPast({ repeat: 'weekly', weeks: [1] }, now)).toBe(false);
    const plan: TaskPlan = { id: 1, name: 'n', cameraIds: [2], action: 'start', executeTime: '07:00:00', weeks: [], onceDate: '2027-02-02', enabled: false, createTime: '' };
    expect(valuesOf(plan)).toMatchObject({ repeat: 'once', onceDate: '2027-02-02', enabled: false });
  });
});
