// The wizard's step bar: under the steps across the top, the step the operator is at, the one that comes next and
// the step's primary action (upload, go on to the check, train, go on to validation, publish) — always in this one
// place, whatever the step's panel shows above its own end. A panel wraps its primary button in <StepAction>; the
// wizard gives the bar's element. A panel shown outside the wizard (a test, a report reopened) keeps its button.
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** Inside the wizard: the bar's element (null until it is mounted). Outside: no context at all. */
export const StepBarContext = createContext<{ bar: HTMLElement | null } | null>(null);

export function StepAction({ children }: { children: ReactNode }) {
  const context = useContext(StepBarContext);
  if (!context) return <>{children}</>;
  // The bar mounts in the same commit as the panel: the action appears there one render later, never in the panel.
  return context.bar ? createPortal(children, context.bar) : null;
}
