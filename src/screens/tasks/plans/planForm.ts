// The planned-task form (§7 /taskPlan): a schema built for the current repeat mode — every week on chosen days, or
// once on a date — so only the fields that apply are shown and required; and the body the contract takes.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { TaskPlan, TaskPlanInput } from '../tasksApi.ts';

export type Repeat = 'weekly' | 'once';

export interface PlanValues {
  name?: string;
  cameraIds?: number[];
  action?: 'start' | 'stop';
  executeTime?: string;
  repeat?: Repeat;
  weeks?: number[];
  onceDate?: string;
  enabled?: boolean;
  remark?: string;
}

const HMS = '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';

export function planSchema(repeat: Repeat, cameraIds: readonly number[]): RJSFSchema {
  return {
    type: 'object',
    required: ['name', 'cameraIds', 'action', 'executeTime', 'repeat', repeat === 'weekly' ? 'weeks' : 'onceDate'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 32 },
      cameraIds: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'integer', enum: [...cameraIds] } },
      action: { type: 'string', enum: ['start', 'stop'], default: 'start' },
      executeTime: { type: 'string', pattern: HMS, default: '08:00:00' },
      repeat: { type: 'string', enum: ['weekly', 'once'], default: 'weekly' },
      ...(repeat === 'weekly'
        ? { weeks: { type: 'array', minItems: 1, maxItems: 7, items: { type: 'integer', minimum: 1, maximum: 7 }, default: [1, 2, 3, 4, 5] } }
        : { onceDate: { type: 'string', format: 'date' } }),
      enabled: { type: 'boolean', default: true },
      remark: { type: 'string', maxLength: 500 },
    },
  };
}

export const planUi: UiSchema<PlanValues> = {
  'ui:order': ['name', 'cameraIds', 'action', 'repeat', 'weeks', 'onceDate', 'executeTime', 'enabled', 'remark'],
  cameraIds: { 'ui:widget': 'multiselect' },
  executeTime: { 'ui:widget': 'time', 'ui:options': { withSeconds: true } },
  weeks: { 'ui:widget': 'weeks' },
  enabled: { 'ui:widget': 'toggle' },
  remark: { 'ui:widget': 'textarea' },
};

export function valuesOf(plan: TaskPlan): PlanValues {
  return {
    name: plan.name,
    cameraIds: plan.cameraIds,
    action: plan.action,
    executeTime: plan.executeTime,
    repeat: plan.onceDate ? 'once' : 'weekly',
    ...(plan.onceDate ? { onceDate: plan.onceDate } : { weeks: plan.weeks }),
    enabled: plan.enabled,
    remark: plan.remark ?? undefined,
  };
}

/** Exactly one of the two schedules, as the contract asks: weeks with no date, or a date with no weeks. */
export function bodyOf(values: PlanValues): TaskPlanInput {
  const once = values.repeat === 'once';
  return {
    name: (values.name ?? '').trim(),
    cameraIds: values.cameraIds ?? [],
    action: values.action ?? 'start',
    executeTime: values.executeTime ?? '00:00:00',
    weeks: once ? [] : (values.weeks ?? []),
    onceDate: once ? (values.onceDate ?? null) : null,
    enabled: values.enabled ?? true,
    remark: values.remark ?? '',
  };
}

/** A one-off plan must run in the future (the server refuses it otherwise). */
export function onceInPast(values: PlanValues, now: Date = new Date()): boolean {
  if (values.repeat !== 'once' || !values.onceDate || !values.executeTime) return false;
  const at = new Date(`${values.onceDate}T${values.executeTime}`);
  return Number.isFinite(at.getTime()) && at.getTime() <= now.getTime();
}
