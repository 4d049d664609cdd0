// Permissions in the console (§6): one hook and one component over the user's button list (module numbers).
// The server refuses what a role lacks; the console must not offer it.
import type { ReactNode } from 'react';
import { useSession } from './session.tsx';
import type { SessionSnapshot } from './sessionService.ts';

const NO_BUTTONS: string[] = [];
const selectButtons = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.buttonList ?? NO_BUTTONS;

/** True when the caller holds at least one of the given module numbers (an operation's x-permission list). */
export function holdsAny(buttons: readonly string[], required: string | readonly string[]): boolean {
  const list = typeof required === 'string' ? [required] : required;
  return list.some((key) => buttons.includes(key));
}

export function usePermission(): (required: string | readonly string[]) => boolean {
  const buttons = useSession(selectButtons);
  return (required) => holdsAny(buttons, required);
}

/** Renders its children only when the user holds `perm` (or one of a list); otherwise `fallback`. */
export function Can({ perm, children, fallback = null }: { perm: string | readonly string[]; children: ReactNode; fallback?: ReactNode }) {
  return usePermission()(perm) ? children : fallback;
}
