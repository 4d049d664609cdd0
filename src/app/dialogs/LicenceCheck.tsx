// Asks the server for the licence state once per page load; only an expired licence loads the dialog's code
// (rsuite's Modal stays out of the login route's first load).
import { lazy, useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { DialogLoad } from '../../components/data/OpenedOnce.tsx';
import { SHELL_NAMESPACES, withNamespaces } from '../../i18n/routeNamespaces.ts';
import { expiredLicenceNotice, licenceNoticeSeen, rememberLicenceNoticeSeen } from './licenceNotice.ts';

const LicenceExpiredDialog = lazy(() => withNamespaces(() => import('./LicenceExpiredDialog.tsx'), SHELL_NAMESPACES));

let checked = false;
const CHECK_DELAY_MS = 1500;

export function LicenceCheck() {
  const [notice, setNotice] = useState<{ expireTime: string } | null>(null);
  useEffect(() => {
    if (checked || licenceNoticeSeen()) return;
    // Asked once the page has shown what the user opened: on a slow link, a request of its own among the first
    // screen's would hold that screen's answers back.
    const timer = setTimeout(() => {
      checked = true;
      // quiet: a failed background check says nothing; the page the user opened matters more.
      void api.get('/licence/info', { quiet: true }).then((result) => {
        if (result.ok) setNotice(expiredLicenceNotice(result.data));
      });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!notice) return null;
  return (
    // A failed load says so; the notice shows again at the next page load (it was not seen).
    <DialogLoad onLoadFailed={() => setNotice(null)}>
      <LicenceExpiredDialog
        expireTime={notice.expireTime}
        onConfirm={() => {
          rememberLicenceNoticeSeen();
          setNotice(null);
        }}
      />
    </DialogLoad>
  );
}
