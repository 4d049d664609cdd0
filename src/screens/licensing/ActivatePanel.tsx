// Activating a device with a code: the server checks the code offline (signature, this installation, deadline) and
// binds it to the device; a refusal shows its reason (tampered, another installation's, expired, already used).
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import Input from 'rsuite/Input';
import 'rsuite/Input/styles/index.css';
import { activationApi } from './licensingApi.ts';

type Outcome = { kind: 'done'; text: string } | { kind: 'refused'; text: string } | null;

export function ActivatePanel({ onActivated }: { onActivated(): void }) {
  const { t } = useTranslation('licensing');
  const id = useId();
  const [code, setCode] = useState('');
  const [device, setDevice] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || !device.trim()) {
      setOutcome({ kind: 'refused', text: t('activate.missing') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const done = await activationApi.activate({ code: code.trim(), deviceSerial: device.trim() });
      setOutcome({ kind: 'done', text: t('activate.done', { device: done.deviceSerial ?? '', until: done.expireTime ?? '', channels: done.channelCount }) });
      setCode('');
      onActivated();
    } catch (error) {
      setOutcome({ kind: 'refused', text: t('activate.refused', { reason: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-panel activate-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('activate.title')}</h2>
      <p className="settings-hint">{t('activate.help')}</p>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-code`}>{t('activate.code')}</label>
        <Input as="textarea" rows={3} id={`${id}-code`} value={code} onChange={(value) => setCode(String(value))} maxLength={4096} />
        <label htmlFor={`${id}-device`}>{t('activate.deviceSerial')}</label>
        <Input id={`${id}-device`} value={device} onChange={(value) => setDevice(String(value))} maxLength={128} />
        <Button type="submit" appearance="primary" loading={busy}>
          {busy ? t('activate.working') : t('activate.submit')}
        </Button>
      </form>
      {outcome ? (
        <p role={outcome.kind === 'refused' ? 'alert' : 'status'} className={outcome.kind === 'refused' ? 'resource-failure' : 'settings-hint'}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
