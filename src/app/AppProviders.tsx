// The providers around every screen. rsuite's CustomProvider (locale, toasters) sits in the signed-in frame
// instead (RsuiteLocale.tsx), so the login screen does not load the date locales. The message area and the
// loading overlay (§7, §8) sit beside the routes so every screen, the login screen included, has them.
import type { ReactNode } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { GlobalMessageArea } from '../components/MessageArea.tsx';
import { SessionProvider } from './session.tsx';
import type { SessionActor } from './sessionService.ts';

export function AppProviders({ session, children }: { session: SessionActor; children: ReactNode }) {
  return (
    <SessionProvider actor={session}>
      {children}
      <GlobalMessageArea />
      <LoadingOverlay />
    </SessionProvider>
  );
}
