// Dialogs whose code loads at their first opening (`lazy(…)`).
//
// <OpenedOnce open={editing !== null} onLoadFailed={() => setEditing(null)}><UserFormModal … /></OpenedOnce> mounts
// the dialog from its first opening on and keeps it mounted, so closing keeps its animation. <DialogLoad> is for a
// dialog mounted only while open. `fallback` shows while the code loads (nothing by default: a dialog's code is
// small and comes fast).
//
// A load that fails (the connection dropped) is told to the user with the remedy (reload the page: browsers keep a
// failed module fetch for the page's life, so opening again cannot load it), `onLoadFailed` closes the dialog, and
// the screen stays as it was, its filters and page in the URL for the reload. Before, the failure replaced the
// screen with the route's error screen.
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { LoadFailure } from './LoadFailure.tsx';

interface DialogLoadProps {
  children: ReactNode;
  fallback?: ReactNode;
  /** The dialog's code could not be loaded: close it (the user has been told). */
  onLoadFailed: () => void;
}

export function DialogLoad({ children, fallback = null, onLoadFailed }: DialogLoadProps) {
  const { t } = useTranslation('common');
  return (
    <LoadFailure
      onFailed={() => {
        notify('error', t('errors.dialogFailed'));
        onLoadFailed();
      }}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailure>
  );
}

export function OpenedOnce({ open, onLoadFailed, ...rest }: DialogLoadProps & { open: boolean }) {
  const [opened, setOpened] = useState(open);
  const [failed, setFailed] = useState(false);
  // After a failure nothing shows until the dialog is closed (its next opening says so again).
  if (failed && !open) setFailed(false);
  if (open && !opened && !failed) setOpened(true);
  if (failed || !(opened || open)) return null;
  return (
    <DialogLoad
      {...rest}
      onLoadFailed={() => {
        setFailed(true);
        setOpened(false);
        onLoadFailed();
      }}
    />
  );
}
