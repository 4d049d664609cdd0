// The providers around every screen. rsuite's CustomProvider (locale, toasters) sits in the signed-in frame
// instead (RsuiteLocale.tsx), so the login screen does not load the date locales.
import type { ReactNode } from 'react';
import { SessionProvider } from './session.tsx';
import type { SessionActor } from './sessionService.ts';

export function AppProviders({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionProvider actor={session}>{children}</SessionProvider>;
}
