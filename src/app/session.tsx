// React access to the one session actor: a provider and narrow selectors (re-render only on what is read).
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { SessionActor, SessionSnapshot } from './sessionService.ts';

const SessionActorContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider>');
  return actor;
}

export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

/** The session state's name ('restoring', 'anonymous', 'authenticated', …). */
export const selectStateName = (snapshot: SessionSnapshot) => snapshot.value;

const NO_MENU: never[] = [];

export const selectMenu = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.menuList ?? NO_MENU;
export const selectUser = (snapshot: SessionSnapshot) =>
  snapshot.context.bootstrap?.userinfo ?? snapshot.context.signedIn?.userinfo ?? null;

// The bootstrap of §4 (null until the console has loaded after sign-in).
const NO_REPLACEMENTS: Readonly<Record<string, string>> = {};

export const selectSystemConfig = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.systemConfig ?? null;
/** Whether statistics count simulated alarms unless the user says otherwise (the demo site: on). */
export const selectStatsIncludeSimulated = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.systemConfig.statsIncludeSimulated ?? false;
export const selectAudioUrl = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.audioUrl ?? null;
export const selectAlarmDialogPosition = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.alarmDialogPosition ?? null;
export const selectSearchProperties = (snapshot: SessionSnapshot) => snapshot.context.bootstrap?.searchProperties ?? null;
/** The words messages replace (system config titleWordReplacements, §8). */
export const selectTitleWordReplacements = (snapshot: SessionSnapshot) =>
  snapshot.context.bootstrap?.systemConfig.titleWordReplacements ?? NO_REPLACEMENTS;
