// useConfirm (components/table/ConfirmDialog.tsx) for a screen that draws no list: the same dialog, whose code — the
// list kit, and with it the list kit's sheet (tables, the pager and its pickers) — loads at the first request rather
// than with the screen. The alarm actions ask before a delete and draw nothing else of the list kit; with useConfirm
// the live alarm page loaded the list kit's 3.9 kB gzip of CSS (issue 37). A load that fails is said and nothing
// opens (DialogLoad).
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { DialogLoad } from '../data/OpenedOnce.tsx';
import type { ConfirmRequest, RequestedConfirm } from '../table/ConfirmDialog.tsx';

const ConfirmHost = lazy(() => import('../table/ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmHost })));

/** `dialog` is nothing until the first `confirm`; from then on the dialog stays mounted (it animates its closing). */
export function useLazyConfirm(): { confirm: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<RequestedConfirm | null>(null);
  // A new object each time: the host asks once per object, so the same request can be asked again.
  const confirm = useCallback((request: ConfirmRequest) => setAsked({ request }), []);
  const dialog =
    asked === null ? null : (
      <DialogLoad onLoadFailed={() => setAsked(null)}>
        <ConfirmHost asked={asked} />
      </DialogLoad>
    );
  return { confirm, dialog };
}
