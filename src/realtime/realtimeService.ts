// The one alarm socket of a signed-in session (ARCHITECTURE: owned by the socket machine, feeding the alarm
// store). It starts when the first screen that needs alarms subscribes and stays up while the session lasts (so
// moving between alarm screens does not reconnect); sign-out or expiry stops it and empties the store. A 4001
// close ends the session like a business 401 (§8).
import i18next from 'i18next';
import { type Actor, createActor } from 'xstate';
import { storedToken } from '../app/storedSession.ts';
import type { SessionActor, SessionSnapshot } from '../app/sessionService.ts';
import { type AlarmStatusNotice, type ConnectedInfo, connectionStatus, socketMachine, type WarnEvent } from '../machines/socket.machine.ts';
import { type AlarmStore, createAlarmStore } from './alarmStore.ts';
import { browserSocket, socketUrl } from './browserSocket.ts';

export interface RealtimeService {
  store: AlarmStore;
  /** Connects unless already connected or connecting. */
  start(): void;
  /** Connect now ("disconnected — retry", or skip the wait). */
  retry(): void;
  stop(): void;
}

type SocketActor = Actor<typeof socketMachine>;

function addressFrom(snapshot: SessionSnapshot, now = Date.now()): string | null {
  const token = storedToken();
  const userId = snapshot.context.bootstrap?.userinfo.id ?? snapshot.context.signedIn?.userinfo.id;
  const config = snapshot.context.bootstrap?.systemConfig;
  if (!token || !userId || !snapshot.matches('authenticated')) return null;
  return socketUrl({ server: config?.websocketServer ?? '', port: config?.websocketPort ?? null }, userId, token, window.location, now, i18next.language);
}

export function createRealtimeService(session: SessionActor, store: AlarmStore = createAlarmStore()): RealtimeService {
  let socket: SocketActor | null = null;

  const stop = () => {
    socket?.stop();
    socket = null;
    store.reset();
  };

  const start = () => {
    if (socket || !session.getSnapshot().matches('authenticated')) return;
    const machine = socketMachine.provide({
      actors: { socket: browserSocket(() => addressFrom(session.getSnapshot())) },
      actions: {
        deliverAlarm: (_, alarm: WarnEvent) => store.push(alarm),
        deliverStatus: (_, notice: AlarmStatusNotice) => store.pushStatus(notice),
        connected: (_, _info: ConnectedInfo) => {},
        unauthorized: () => session.send({ type: 'EXPIRED', message: i18next.t('request.sessionEnded', { ns: 'errors' }), tone: 'warning' }),
      },
    });
    const actor = createActor(machine, { input: { lastSeq: store.lastSeq() } });
    actor.subscribe((snapshot) => {
      store.setConnection({
        status: connectionStatus(snapshot),
        attempts: snapshot.context.attempts,
        epoch: snapshot.context.epoch,
        closeCode: snapshot.context.closeCode,
      });
    });
    socket = actor;
    actor.start();
    actor.send({ type: 'START' });
  };

  // The socket lives only while the session is signed in.
  session.subscribe((snapshot) => {
    if (!snapshot.matches('authenticated') && socket) stop();
  });

  return {
    store,
    start,
    retry: () => socket?.send({ type: 'RETRY' }),
    stop,
  };
}

const services = new WeakMap<SessionActor, RealtimeService>();

/** The realtime service of this page's session (created on first use). */
export function realtimeFor(session: SessionActor): RealtimeService {
  let service = services.get(session);
  if (!service) {
    service = createRealtimeService(session);
    services.set(session, service);
  }
  return service;
}
