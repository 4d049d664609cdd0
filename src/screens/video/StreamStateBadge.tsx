// A camera's stream state as a short badge (live, connecting, stalled, reconnecting, offline, error), with since
// when and why in its title and, when it is not live, beside it: "offline since 10:02:13, the box disconnected".
import { useTranslation } from 'react-i18next';
import type { StreamState } from './streamStates.ts';
import './streamState.css';

export function streamText(t: (key: never, options?: Record<string, unknown>) => string, stream: StreamState): string {
  const reason = stream.reason ? t(`stream.reason.${stream.reason}` as never) : (stream.error ?? '');
  const since = stream.since ? t('stream.since' as never, { time: stream.since.slice(11), date: stream.since.slice(0, 10) }) : '';
  return [t(`stream.state.${stream.state}` as never), since, reason].filter(Boolean).join(' · ');
}

export function StreamStateBadge({ stream, detail = false }: { stream: StreamState | null | undefined; detail?: boolean }) {
  const { t } = useTranslation('video');
  if (!stream) return null;
  const text = streamText(t as never, stream);
  return (
    <span className={`stream-state stream-${stream.state}${detail ? ' stream-detail' : ''}`} title={text} data-stream-state={stream.state}>
      <span className="stream-dot" aria-hidden="true" />
      {detail ? text : t(`stream.state.${stream.state}`)}
    </span>
  );
}
