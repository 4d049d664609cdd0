// Confirmation before a destructive action. The dialog stays open while the action runs and shows the server's
// refusal (a 409 "still in use", "you cannot delete yourself") in place, so the user reads why nothing changed.
// Focus starts on Cancel (the safe choice); Escape cancels. A request without an action only informs (why the
// action cannot be done now): the dialog then has a single Close button.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { notify } from '../../app/notify.ts';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Runs on confirm; a rejection keeps the dialog open with the error's message. None: nothing to confirm. */
  action?: () => Promise<void>;
}

/** What asking before a delete says: the title, the question and the success message once deleted. */
export interface DeleteTexts {
  title: string;
  message: ReactNode;
  done: string;
}

export type ConfirmDelete = (texts: DeleteTexts, remove: () => Promise<unknown>, after: () => void) => void;

interface OpenRequest extends ConfirmRequest {
  busy: boolean;
  failure: string | null;
}

/**
 * `confirmDelete`: asking before a delete; confirmed, the call runs, the success message shows and `after` follows
 * (a list keeping its page in range, a tree loading again).
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => void; confirmDelete: ConfirmDelete; dialog: ReactNode } {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState<OpenRequest | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = useCallback((request: ConfirmRequest) => setOpen({ ...request, busy: false, failure: null }), []);
  const close = () => setOpen((current) => (current?.busy ? current : null));
  const confirmDelete: ConfirmDelete = ({ title, message, done }, remove, after) =>
    confirm({
      title,
      message,
      confirmLabel: t('resource.delete'),
      action: async () => {
        await remove();
        notify('success', done);
        after();
      },
    });

  const run = async () => {
    if (!open?.action || open.busy) return;
    const request = open as OpenRequest & { action: () => Promise<void> };
    setOpen({ ...request, busy: true, failure: null });
    try {
      await request.action();
      setOpen(null);
    } catch (error) {
      setOpen({ ...request, busy: false, failure: error instanceof Error ? error.message : String(error) });
    }
  };

  const dialog = (
    <Modal
      open={open !== null}
      onClose={close}
      size="xs"
      role="alertdialog"
      aria-labelledby="confirm-title"
      backdrop="static"
      onEntered={() => cancelRef.current?.focus()}
    >
      <Modal.Header closeButton={!open?.busy}>
        <Modal.Title id="confirm-title">{open?.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div>{open?.message}</div>
        {open?.failure ? (
          <p className="dialog-failure" role="alert">
            {open.failure}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button ref={cancelRef} onClick={close} disabled={open?.busy}>
          {open?.action ? t('actions.cancel') : t('actions.close')}
        </Button>
        {open?.action ? (
          <Button appearance="primary" color="red" onClick={run} loading={open.busy}>
            {open.confirmLabel}
          </Button>
        ) : null}
      </Modal.Footer>
    </Modal>
  );

  return { confirm, confirmDelete, dialog };
}

/** One request handed to ConfirmHost (a new object each time it is asked). */
export interface RequestedConfirm {
  request: ConfirmRequest;
}

/** The dialog of useLazyConfirm (components/dialog/lazyConfirm.tsx), loaded at its first request: asks each request it is handed. */
export function ConfirmHost({ asked }: { asked: RequestedConfirm }) {
  const { confirm, dialog } = useConfirm();
  useEffect(() => confirm(asked.request), [asked, confirm]);
  return dialog;
}

/**
 * Asks before work not saved is thrown away (a drawer or panel closing with a changed form): the console's
 * confirmation, Cancel first (keep editing), "Discard changes" to go on. `guard(dirty, proceed)` runs `proceed` at
 * once when nothing would be lost.
 */
export function useDiscardConfirm(): { guard: (dirty: boolean, proceed: () => void) => void; dialog: ReactNode } {
  const { t } = useTranslation('common');
  const { confirm, dialog } = useConfirm();
  const guard = useCallback(
    (dirty: boolean, proceed: () => void) => {
      if (!dirty) return proceed();
      confirm({ title: t('unsaved.title'), message: t('unsaved.message'), confirmLabel: t('unsaved.discard'), action: async () => proceed() });
    },
    [confirm, t],
  );
  return { guard, dialog };
}
