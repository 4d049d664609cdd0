// The platform-wide recheck (secondary recognition) address, and the analysis server's video cards — how much
// room is left for more cameras.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import InputNumber from 'rsuite/InputNumber';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/InputNumber/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useLoaded } from '../../../components/data/useLoaded.ts';
import { recheckAddress, saveRecheckAddress, videoCards } from './otherApi.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';
import { RetryLine } from '../../../components/data/RetryLine.tsx';

const HOST = /^[0-9A-Za-z.:-]+$/;

export function RecheckPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const saved = useLoaded((signal) => recheckAddress(signal), { ip: null as string | null, port: null as number | null });
  const [edit, setEdit] = useState<{ ip: string; port: number | null } | null>(null);
  const { busy, failure: problem, setFailure: setProblem, run } = useSubmission();
  const ip = edit?.ip ?? saved.data.ip ?? '';
  const port = edit ? edit.port : saved.data.port;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!HOST.test(ip) || ip.length > 64) return setProblem(t('other.badHost'));
    if (!port || !Number.isInteger(port) || port < 1 || port > 65535) return setProblem(t('other.badPort'));
    await run(async () => {
      await saveRecheckAddress(ip, port);
      notify('success', t('other.recheckSaved'));
      setEdit(null);
      saved.reload();
    });
  };

  return (
    <section className="panel" aria-labelledby="recheck-title">
      <h2 id="recheck-title">{t('other.recheck')}</h2>
      <p className="dialog-hint">{t('other.recheckHint')}</p>
      <form onSubmit={submit} noValidate className="dialog-form">
        <div className="dialog-field">
          <label htmlFor="recheck-ip">{t('fields.ip')}</label>
          <Input id="recheck-ip" value={ip} disabled={!canWrite} onChange={(value) => setEdit({ ip: value, port })} />
        </div>
        <div className="dialog-field">
          <label htmlFor="recheck-port">{t('fields.port')}</label>
          <InputNumber
            id="recheck-port"
            min={1}
            max={65535}
            value={port}
            disabled={!canWrite}
            onChange={(value) => setEdit({ ip, port: value === null || value === '' ? null : Number(value) })}
          />
        </div>
        <ProblemLine failure={problem} />
        {canWrite ? (
          <div>
            <Button type="submit" appearance="primary" loading={busy}>
              {t('actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

export function VideoCardsPanel() {
  const { t } = useTranslation('devices');
  const cards = useLoaded((signal) => videoCards(signal), []);
  return (
    <section className="panel" aria-labelledby="cards-title" aria-busy={cards.status === 'loading'}>
      <h2 id="cards-title">{t('other.cards')}</h2>
      {cards.status === 'error' ? (
        <RetryLine message={t('boxConfig.loadFailed', { reason: cards.error ?? '' })} retryLabel={t('actions.retry')} onRetry={cards.reload} size="xs" />
      ) : null}
      {cards.status === 'loading' ? <p>{t('events.loading')}</p> : null}
      {cards.status === 'ready' && cards.data.length === 0 ? <p>{t('other.noCards')}</p> : null}
      <ul className="card-list">
        {cards.data.map((card) => (
          <li key={card.index}>
            <strong>{t('other.card', { index: card.index, name: card.name })}</strong>
            {' · '}
            {t('other.memory', { used: card.memoryUsed, total: card.memoryTotal })}
            {' · '}
            {t('other.load', { value: Math.round(card.utilization) })}
            {card.decodeChannels ? ` · ${t('other.channels', { used: card.usedChannels ?? 0, total: card.decodeChannels })}` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
