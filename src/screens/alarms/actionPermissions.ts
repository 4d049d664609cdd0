// Who may do which alarm action: a module of its own so a screen that only checks (the bulk bar) does not load the
// action buttons, their dialogs and the lifecycle machine.
import type { LifecycleAction } from '../../machines/alarmLifecycle.machine.ts';

export type ActionType = LifecycleAction['type'];

/** The modules that may do each action (the contract's x-permission of the call behind it). */
export const ACTION_PERMISSIONS: Record<ActionType, readonly string[]> = {
  confirm: ['actualTimeEvent', 'historyEvent', 'urgentEvent'],
  ignore: ['actualTimeEvent', 'historyEvent', 'urgentEvent'],
  delete: ['alarmDelete'],
  deal: ['eventProcess'],
  check: ['eventVerify'],
  again: ['eventVerify'],
};
