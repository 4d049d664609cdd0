// The global closable message area (§8): every notify() shows here with its type, closes by itself after a
// while or with its close button, and shows the system config's title words replaced. Plain markup (no rsuite):
// it is mounted on every route, the login route included, whose first load must stay light.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeStore, notices as pageNotices, replaceTitleWords, type TitleWordReplacements } from '../app/notify.ts';
import { selectTitleWordReplacements, useSession } from '../app/session.tsx';
import './MessageArea.css';

const ICONS = { error: '✕', warning: '!', info: 'i', success: '✓' } as const;

export function MessageArea({ store = pageNotices, replacements }: { store?: NoticeStore; replacements?: TitleWordReplacements }) {
  const { t } = useTranslation('errors');
  const list = useSyncExternalStore(store.subscribe, store.list);
  return (
    <section className="message-area" aria-label={t('messages.label')}>
      {list.map((notice) => (
        // Errors and warnings interrupt (alert); the others are read when the reader is free (status).
        <div
          key={notice.id}
          className={`message-area-item message-area-${notice.kind}`}
          role={notice.kind === 'error' || notice.kind === 'warning' ? 'alert' : 'status'}
        >
          <span className="message-area-icon" aria-hidden="true">
            {ICONS[notice.kind]}
          </span>
          <span className="message-area-text">{replaceTitleWords(notice.text, replacements)}</span>
          {notice.action ? (
            <button
              type="button"
              className="message-area-action"
              onClick={() => {
                store.close(notice.id);
                notice.action?.run();
              }}
            >
              {notice.action.label}
            </button>
          ) : null}
          <button type="button" className="message-area-close" aria-label={t('messages.close')} onClick={() => store.close(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/** The page's message area, with the signed-in site's word replacements. */
export function GlobalMessageArea() {
  return <MessageArea replacements={useSession(selectTitleWordReplacements)} />;
}
