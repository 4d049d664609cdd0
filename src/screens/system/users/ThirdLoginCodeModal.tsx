// A one-time third-party sign-in code for a user (createThirdLoginCode): choose how long it lives, issue it,
// then copy the code or the sign-in link (/thirdLogin?code=…). The code works once, until its expiry.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { issueThirdLoginCode, type ThirdLoginCode, type User } from './usersApi.ts';
import '../shared/systemForms.css';
import '../shared/systemScreens.css';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';
import { LabelledPicker } from '../../../components/form/LabelledPicker.tsx';

const LIFETIMES = [300, 900, 1800, 3600] as const;

export function thirdLoginLink(origin: string, code: string): string {
  return `${origin}/thirdLogin?code=${encodeURIComponent(code)}`;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('system');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard permission: the text stays selectable on screen
    }
  };
  return (
    <>
      <Button size="xs" onClick={() => void copy()} aria-label={label}>
        {t('thirdLogin.copy')}
      </Button>
      <span role="status" className="system-muted">
        {copied === true ? t('thirdLogin.copied') : copied === false ? t('thirdLogin.copyFailed') : ''}
      </span>
    </>
  );
}

export function ThirdLoginCodeModal({ user, onClose }: { user: User | null; onClose(): void }) {
  const { t } = useTranslation('system');
  const [ttl, setTtl] = useState<number>(300);
  const [issued, setIssued] = useState<ThirdLoginCode | null>(null);
  const { busy, failure, setFailure, run } = useSubmission();

  useEffect(() => {
    if (user) {
      setIssued(null);
      setFailure(null);
    }
  }, [user, setFailure]);

  const issue = async () => {
    if (!user) return;
    await run(async () => {
      setIssued(await issueThirdLoginCode(user.id, ttl));
    });
  };

  const link = issued ? thirdLoginLink(window.location.origin, issued.code) : '';
  return (
    <Modal open={user !== null} onClose={onClose} size="sm" aria-labelledby="third-login-title">
      <Modal.Header>
        <Modal.Title id="third-login-title">{t('thirdLogin.title', { name: user?.username ?? '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="system-screen">
        <p className="system-muted">{t('thirdLogin.explain')}</p>
        <div className="filter-bar">
          <LabelledPicker
            className="filter-field"
            id="third-login-ttl"
            label={t('thirdLogin.lifetime')}
            data={LIFETIMES.map((seconds) => ({ value: seconds, label: t('thirdLogin.minutes', { minutes: seconds / 60 }) }))}
            value={ttl}
            onChange={(value) => setTtl(value ?? 300)}
          />
          <Button appearance="primary" loading={busy} onClick={() => void issue()}>
            {issued ? t('thirdLogin.issueAgain') : t('thirdLogin.issue')}
          </Button>
        </div>
        <ProblemLine failure={failure} />
        {issued ? (
          <dl className="third-login-result">
            <dt>{t('thirdLogin.code')}</dt>
            <dd className="code-box">
              <code data-testid="third-login-code">{issued.code}</code>
              <CopyButton text={issued.code} label={t('thirdLogin.copyCode')} />
            </dd>
            <dt>{t('thirdLogin.expires')}</dt>
            <dd>{issued.expireTime}</dd>
            <dt>{t('thirdLogin.link')}</dt>
            <dd className="code-box">
              <code>{link}</code>
              <CopyButton text={link} label={t('thirdLogin.copyLink')} />
            </dd>
          </dl>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </Modal.Footer>
    </Modal>
  );
}
