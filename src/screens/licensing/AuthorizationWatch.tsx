// The status of one authorization application, followed by the authorization machine: what the server last said,
// the arrangement's progress per box, and what the polling is doing (checking, next check in n s, retrying, given
// up). The machine stops when the panel goes (the user leaves the screen or follows another application).
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { fromPromise } from 'xstate';
import { AUTH_TIMING, type AuthorizationStatus, authorizationMachine, retryDelayMs } from '../../machines/authorization.machine.ts';
import { authorizationsApi } from './licensingApi.ts';

type Answer = Awaited<ReturnType<typeof authorizationsApi.status>>;

function Following({ id }: { id: number }) {
  const { t } = useTranslation('licensing');
  const machine = useMemo(
    () =>
      authorizationMachine.provide({
        actors: { fetchStatus: fromPromise<AuthorizationStatus, { id: number }>(({ input, signal }) => authorizationsApi.status(input.id, signal)) },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { id } });
  const { context } = snapshot;
  const last = context.last as Answer | null;
  const state = String(snapshot.value);
  const line = (() => {
    switch (state) {
      case 'checking':
        return t('watch.checking');
      case 'waiting':
        return t('watch.waiting', { seconds: Math.round(context.delayMs / 1000) });
      case 'retrying':
        return t('watch.retrying', { reason: context.error ?? '', seconds: Math.round(retryDelayMs(context.failures) / 1000) });
      case 'failed':
        return t('watch.failed', { n: AUTH_TIMING.maxFailures, reason: context.error ?? '' });
      case 'settled':
        return t('watch.settled');
      default:
        return t('watch.stopped');
    }
  })();
  return (
    <section className="settings-panel authorization-watch" aria-labelledby="authorization-watch-title" data-state={state}>
      <h2 id="authorization-watch-title">{t('watch.title', { id })}</h2>
      {last ? (
        <p className="authorization-status" data-status={last.status}>
          {t('watch.status', { status: t(`authorizations.enums.status.${last.status}` as never) })}
        </p>
      ) : null}
      {last && last.arrangements.length > 0 ? (
        <>
          <p>{t('watch.progress', { progress: last.progress })}</p>
          <ul>
            {last.arrangements.map((a) => (
              <li key={a.boxId} title={a.message || undefined}>
                {t('watch.box', { box: a.boxName, state: t(`watch.boxState.${a.state}` as never) })}
                {a.message ? `（${a.message}）` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="settings-hint" role="status" aria-live="polite">
        {line}
      </p>
      {state === 'failed' ? (
        <Button onClick={() => send({ type: 'RETRY' })}>{t('watch.retry')}</Button>
      ) : (
        <Button onClick={() => send({ type: 'REFRESH' })} disabled={state === 'checking'}>
          {t('watch.refresh')}
        </Button>
      )}
    </section>
  );
}

/** Follows `followed` (a new application, or one picked in the list); a hint when none is chosen yet. */
export function AuthorizationWatch({ followed }: { followed: number | null }) {
  const { t } = useTranslation('licensing');
  if (followed === null) return <p className="settings-hint">{t('watch.none')}</p>;
  // A new key per application: the previous machine stops, a new one starts.
  return <Following key={followed} id={followed} />;
}
