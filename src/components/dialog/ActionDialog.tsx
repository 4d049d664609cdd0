// The dialog of one action (a form to save, a choice to send): a title, the body, the refusal of the last attempt
// in place (role alert, the values stay as typed) and a footer with Cancel and the primary button, busy while the
// call runs. While busy it cannot be closed (no close button, Escape and Cancel do nothing). The primary button
// clicks, submits the dialog's own <form> (`onSubmit`: Enter submits), or submits a form inside by its id.
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { ProblemLine } from './ProblemLine.tsx';

export interface DialogAction {
  label: string;
  onClick?(): void;
  /** Submits the form of this id (one inside the body, such as a schema form). */
  form?: string;
  disabled?: boolean;
}

export interface ActionDialogProps {
  open: boolean;
  /** The title's id: the dialog's accessible name. */
  titleId: string;
  title: ReactNode;
  busy: boolean;
  failure?: string | null;
  /** The class of the refusal's paragraph. */
  failureClassName?: string;
  onClose(): void;
  /** Escape and the close button still close it while busy (the call goes on; its answer is shown elsewhere). */
  closableWhileBusy?: boolean;
  action: DialogAction;
  cancelLabel?: string;
  /** Makes the whole dialog a <form>; the primary button submits it. */
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  formId?: string;
  formClassName?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  backdrop?: boolean | 'static';
  className?: string;
  bodyClassName?: string;
  onEntered?(): void;
  onExited?(): void;
  children: ReactNode;
}

/** Cancel and the primary action, Cancel disabled and the action busy while the call runs. */
export function DialogFooter({ busy, action, cancelLabel, onCancel, submits }: { busy: boolean; action: DialogAction; cancelLabel?: string; onCancel(): void; submits: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Modal.Footer>
      <Button type="button" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('actions.cancel')}
      </Button>
      <Button
        type={submits || action.form ? 'submit' : 'button'}
        form={action.form}
        appearance="primary"
        onClick={action.onClick}
        loading={busy}
        disabled={action.disabled}
      >
        {action.label}
      </Button>
    </Modal.Footer>
  );
}

export function ActionDialog(props: ActionDialogProps) {
  const { open, titleId, title, busy, failure, failureClassName, onClose, action, cancelLabel, onSubmit, children } = props;
  const locked = busy && !props.closableWhileBusy;
  const content = (
    <>
      <Modal.Header closeButton={!locked}>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body className={props.bodyClassName}>
        {children}
        <ProblemLine failure={failure} className={failureClassName} />
      </Modal.Body>
      <DialogFooter busy={busy} action={action} cancelLabel={cancelLabel} onCancel={onClose} submits={onSubmit !== undefined} />
    </>
  );
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!locked) onClose();
      }}
      size={props.size ?? 'sm'}
      backdrop={props.backdrop ?? 'static'}
      aria-labelledby={titleId}
      className={props.className}
      onEntered={props.onEntered}
      onExited={props.onExited}
    >
      {onSubmit ? (
        <form id={props.formId} onSubmit={onSubmit} noValidate className={props.formClassName}>
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}

