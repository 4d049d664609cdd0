// A camera's stream state as a short badge (live, connecting, stalled, reconnecting, offline, error), with since
// when and why in its title and, when it is not live, beside it: "offline since 10:02:13, the box disconnected".
import { useTranslation } from 'react-i18next';
import type { StreamState } from './streamStates.ts';
import './streamState.css';

type Translate = (key: never, options?: Record<string, unknown>) => string;

/**
 * Why it is not live in the reader's language: the platform's reason, else the kind the box gave. A box that gives
 * no kind (one that speaks an older box API) is quoted as it is.
 */
function whyText(t: Translate, stream: StreamState): string {
  if (stream.reason) return t(`stream.reason.${stream.reason}` as never);
  if (stream.errorKind) return t(`stream.errorKind.${stream.errorKind}` as never);
  return stream.error ?? '';
}

export function streamText(t: Translate, stream: StreamState): string {
  const since = stream.since ? t('stream.since' as never, { time: stream.since.slice(11), date: stream.since.slice(0, 10) }) : '';
  return [t(`stream.state.${stream.state}` as never), since, whyText(t, stream)].filter(Boolean).join(' · ');
}

/** The badge's title: the text, and the box's own words when the text put them in the reader's language. */
function titleText(t: Translate, stream: StreamState, text: string): string {
  const translated = stream.error && (stream.reason || stream.errorKind);
  return translated ? `${text}\n${t('stream.boxSaid' as never, { error: stream.error })}` : text;
}

export function StreamStateBadge({ stream, detail = false }: { stream: StreamState | null | undefined; detail?: boolean }) {
  const { t } = useTranslation('video');
  if (!stream) return null;
  const text = streamText(t as never, stream);
  return (
    <span className={`stream-state stream-${stream.state}${detail ? ' stream-detail' : ''}`} title={titleText(t as never, stream, text)} data-stream-state={stream.state}>
      <span className="stream-dot" aria-hidden="true" />
      {detail ? text : t(`stream.state.${stream.state}`)}
    </span>
  );
}
