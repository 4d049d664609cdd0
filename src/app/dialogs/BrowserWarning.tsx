// The non-Chrome warning (§8) for signed-in users: asks the server whether the user said "do not show again"
// (CityConfig noMoreShow, stored per user) and only then loads the dialog.
import { lazy, useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { DialogLoad } from '../../components/data/OpenedOnce.tsx';
import { browserWarningDismissed, identifyBrowser, NO_MORE_SHOW, rememberBrowserWarningDismissed } from './browserCheck.ts';

const BrowserWarningDialog = lazy(() => import('./BrowserWarningDialog.tsx'));

export function BrowserWarning({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const [browser] = useState(() => identifyBrowser(userAgent));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (browser.isChrome || browserWarningDismissed()) return;
    let active = true;
    void api.get('/CityConfig/getConfigByKey', { params: { query: { key: 'noMoreShow' } }, quiet: true }).then((result) => {
      if (active && (!result.ok || result.data?.value !== NO_MORE_SHOW)) setOpen(true);
    });
    return () => {
      active = false;
    };
  }, [browser.isChrome]);
  if (!open) return null;
  const close = (noMoreShow: boolean) => {
    setOpen(false);
    rememberBrowserWarningDismissed();
    if (noMoreShow) void api.put('/CityConfig/updateConfig', { body: { key: 'noMoreShow', value: NO_MORE_SHOW } });
  };
  return (
    <DialogLoad onLoadFailed={() => setOpen(false)}>
      <BrowserWarningDialog browserName={browser.name} onClose={close} />
    </DialogLoad>
  );
}
