// The root route: every page, public or signed in. Keeps the page title (§2: the configured logo description,
// or the system name) and runs the licence check (§8), which is public and so also covers the login page.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LicenceCheck } from './dialogs/LicenceCheck.tsx';
import { displayName, useSystemTitle } from './systemTitle.ts';

export function AppRoot() {
  const { t } = useTranslation();
  const title = useSystemTitle();
  useEffect(() => {
    document.title = displayName(title, t('appName'));
  }, [title, t]);
  return (
    <>
      <Outlet />
      <LicenceCheck />
    </>
  );
}
