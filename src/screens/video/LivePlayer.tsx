// A camera's live picture (issue 35): the live view machine (src/machines/livePlayer.machine.ts) opens a ticket and
// plays it with the project's fmp4 player in live mode, reopens when the stream ends, and shows why when it cannot
// play — loading, reconnecting, offline with the server's reason (tried again every 10 s) or failed — with Retry.
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { fromCallback, fromPromise } from 'xstate';
import { type LivePlayerEvent, type LiveTicket, livePlayerMachine, liveViewOf } from '../../machines/livePlayer.machine.ts';
import { loadVideoLibs } from './publicLib.ts';
import { openLive } from './videoApi.ts';
import './livePlayer.css';

export function LivePlayer({ cameraId, cameraName }: { cameraId: number; cameraName: string }) {
  const { t } = useTranslation('video');
  const video = useRef<HTMLVideoElement>(null);
  const machine = useMemo(
    () =>
      livePlayerMachine.provide({
        actors: {
          open: fromPromise<LiveTicket, { cameraId: number }>(({ input, signal }) => openLive(input.cameraId, signal)),
          player: fromCallback<LivePlayerEvent, { ticket: LiveTicket }>(({ input, sendBack }) => {
            let stopped = false;
            let stop = () => {};
            const element = video.current;
            if (!element) {
              sendBack({ type: 'PLAYER.FAILED', problem: { code: 0, message: 'no video element' } });
              return () => {};
            }
            const playing = () => sendBack({ type: 'PLAYER.PLAYING' });
            element.addEventListener('playing', playing);
            loadVideoLibs().then(
              ({ ArgusFmp4Player }) => {
                if (stopped) return;
                const player = new ArgusFmp4Player(element, {
                  live: true,
                  mimeCodec: input.ticket.codec ? `video/mp4; codecs="${input.ticket.codec}"` : undefined,
                  onEnd: () => sendBack({ type: 'PLAYER.ENDED' }),
                  onError: (error) => sendBack({ type: 'PLAYER.FAILED', problem: { code: error.status ?? 0, message: error.message } }),
                });
                stop = () => player.stop();
                void player.play(input.ticket.url);
              },
              (error: Error) => sendBack({ type: 'PLAYER.FAILED', problem: { code: 0, message: error.message } }),
            );
            return () => {
              stopped = true;
              element.removeEventListener('playing', playing);
              stop();
            };
          }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { cameraId } });
  const view = liveViewOf(snapshot.value);
  const problem = snapshot.context.problem;
  const reason = problem?.message === 'ended' ? t('live.endedAgain') : (problem?.message ?? '');
  return (
    <figure className="live-player" aria-busy={view === 'loading' || view === 'reconnecting'}>
      <div className="live-stage">
        <video ref={video} muted playsInline autoPlay aria-label={t('live.label', { camera: cameraName })} data-live-state={view} />
        {view !== 'live' ? (
          <div className={`live-state live-${view}`} role={view === 'offline' || view === 'failed' ? 'alert' : 'status'}>
            <span>{view === 'loading' ? t('live.loading') : view === 'reconnecting' ? t('live.reconnecting') : view === 'offline' ? t('live.offline', { reason }) : t('live.failed', { reason })}</span>
            {view === 'offline' ? <span className="live-hint">{t('live.offlineRetry', { seconds: 10 })}</span> : null}
            {view === 'offline' || view === 'failed' ? (
              <Button size="sm" onClick={() => send({ type: 'RETRY' })}>
                {t('retry')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <figcaption>
        {cameraName} · {view === 'live' ? <strong className="live-badge">{t('live.badge')}</strong> : t(`live.caption.${view}`)}
      </figcaption>
    </figure>
  );
}
