// /logoConfig: the system name and version title (system config), and the page logo — text, or a big image for
// the login page and a little one for the header — with a live preview of both before saving; and the system's
// alarm-handling rule (the checker is not the handler). After saving, the page title and the header show the new
// name at once. A display name, while set, is shown instead of the system name: the form says so.
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import Loader from 'rsuite/Loader';
import Radio from 'rsuite/Radio';
import RadioGroup from 'rsuite/RadioGroup';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Radio/styles/index.css';
import 'rsuite/RadioGroup/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useSessionActor } from '../../app/session.tsx';
import { loadSystemTitle } from '../../app/systemTitle.ts';
import { fetchSystemConfig } from '../../api/config.ts';
import * as rules from '../../domain/validators.ts';
import { loadLogoSettings, type SystemSettings, saveLogo, saveSystemSettings } from './logo/logoApi.ts';
import { AlarmRulesField, DisplayNameNotice } from './logo/LogoFormParts.tsx';
import { LogoImageField } from './logo/LogoImageField.tsx';
import { type LogoDraft, LogoPreview } from './logo/LogoPreview.tsx';
import { Field, fieldAria } from './shared/FormModal.tsx';
import { useFormState } from './shared/useFormState.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import '../../components/table/serverTable.css';
import './shared/systemForms.css';
import './shared/systemScreens.css';
import './logo/logo.css';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

type Values = LogoDraft & { checkerNotHandler: boolean } & Record<string, unknown>;

const FORM_ID = 'logo-form';
const ORDER = ['systemName', 'versionTitle', 'type', 'desc', 'imageLittle', 'imageBig'] as const;
const EMPTY: Values = { systemName: '', versionTitle: '', type: 'text', desc: '', imageBig: '', imageLittle: '', checkerNotHandler: false };

/** The system configuration keys that changed (updateSystemConfig merges what it is sent). */
export function changedSettings(values: SystemSettings, stored: SystemSettings): Partial<SystemSettings> {
  const changed: Partial<SystemSettings> = {};
  if (values.systemName !== stored.systemName) changed.systemName = values.systemName;
  if (values.versionTitle !== stored.versionTitle) changed.versionTitle = values.versionTitle;
  if (values.checkerNotHandler !== stored.checkerNotHandler) changed.checkerNotHandler = values.checkerNotHandler;
  return changed;
}

function sameValues(a: Values, b: Values): boolean {
  return (Object.keys(EMPTY) as Array<keyof Values>).every((key) => a[key] === b[key]);
}

/** The contract's bounds: names at most 32 characters; image mode needs at least one image. */
export function validateLogo(values: LogoDraft) {
  return {
    // Empty: the product's own name, in each user's language.
    systemName: rules.maxLength(values.systemName, rules.LENGTH.name),
    versionTitle: rules.maxLength(values.versionTitle, rules.LENGTH.name),
    desc: rules.maxLength(values.desc, rules.LENGTH.name),
    imageLittle: values.type === 'image' && !values.imageBig && !values.imageLittle ? rules.required('') : null,
  };
}

export default function LogoConfigScreen() {
  const { t } = useTranslation('system');
  const canWrite = usePermission()('logoConfig');
  const session = useSessionActor();
  const stored = useLoaded((signal) => loadLogoSettings(signal), null);
  const form = useFormState<Values>(EMPTY, validateLogo, { order: ORDER, idPrefix: FORM_ID });
  const { busy, failure, run } = useSubmission();
  const { reset } = form;

  const storedValues: Values | null = stored.data
    ? {
        systemName: stored.data.systemName,
        versionTitle: stored.data.versionTitle,
        type: stored.data.logo.type,
        desc: stored.data.logo.desc ?? '',
        imageBig: stored.data.logo.imageBig ?? '',
        imageLittle: stored.data.logo.imageLittle ?? '',
        checkerNotHandler: stored.data.checkerNotHandler,
      }
    : null;
  // The values the form was last reset to: a fresh load replaces the form only while the user has not edited it
  // since, so what is typed just after a save is not wiped by the reload that save starts.
  const lastReset = useRef<Values | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from each freshly loaded setting
  useEffect(() => {
    if (!storedValues) return;
    if (lastReset.current && !sameValues(form.values, lastReset.current)) return;
    lastReset.current = storedValues;
    reset(storedValues);
  }, [stored.data]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !form.attempt() || !storedValues) return;
    const { values } = form;
    await run(async () => {
      const settings = { systemName: values.systemName.trim(), versionTitle: values.versionTitle.trim(), checkerNotHandler: values.checkerNotHandler };
      const changed = changedSettings(settings, storedValues);
      if (Object.keys(changed).length > 0) await saveSystemSettings(changed);
      await saveLogo({
        type: values.type,
        desc: values.desc.trim(),
        // Text mode keeps no images: the logo is replaced as a whole.
        imageBig: values.type === 'image' ? values.imageBig : '',
        imageLittle: values.type === 'image' ? values.imageLittle : '',
      });
      await loadSystemTitle(true);
      // The header's version title and the shell's switches come from the session's copy of the system config.
      session.send({ type: 'SYSTEM_CONFIG_CHANGED', systemConfig: await fetchSystemConfig() });
      notify('success', t('logo.saved'));
      // The form now holds what is stored; the reload below refreshes it unless the user edits meanwhile.
      lastReset.current = values;
      stored.reload();
    });
  };

  const id = (name: string) => `${FORM_ID}-${name}`;
  const text = (name: 'systemName' | 'versionTitle' | 'desc', hint: string, required = false) => (
    <Field id={id(name)} label={t(`logo.fields.${name}`)} required={required} problem={form.shown[name]} hint={hint}>
      <Input
        {...fieldAria(id(name), form.shown[name], required)}
        value={form.values[name]}
        onChange={(value) => form.set(name, value)}
        onBlur={() => form.leave(name)}
        readOnly={!canWrite}
      />
    </Field>
  );

  if (stored.status === 'loading' && !stored.data) return <Loader center content={t('status.loading', { ns: 'common' })} />;
  if (stored.status === 'error' && !stored.data) {
    return (
      <section className="system-screen">
        <h1>{t('logo.title')}</h1>
        <div role="alert" className="dialog-failure">
          {t('table.loadFailed', { ns: 'common', reason: stored.error ?? '' })}{' '}
          <Button size="xs" onClick={stored.reload}>
            {t('table.retry', { ns: 'common' })}
          </Button>
        </div>
      </section>
    );
  }

  const imageMode = form.values.type === 'image';
  return (
    <ScreenFrame className="system-screen" headerClassName="system-screen-header" title={t('logo.title')}>
      <div className="logo-layout">
        <form id={FORM_ID} className="logo-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('logo.title')}>
          {text('systemName', t('logo.systemNameHint'))}
          <DisplayNameNotice desc={form.values.desc} readOnly={!canWrite} onUseSystemName={() => form.set('desc', '')} />
          {text('versionTitle', t('logo.versionTitleHint'))}
          <Field id={id('type')} label={t('logo.fields.type')}>
            <RadioGroup
              aria-labelledby={`${id('type')}-label`}
              name="type"
              inline
              value={form.values.type}
              onChange={(value) => form.set('type', value === 'image' ? 'image' : 'text')}
              disabled={!canWrite}
            >
              <Radio value="text">{t('logo.type.text')}</Radio>
              <Radio value="image">{t('logo.type.image')}</Radio>
            </RadioGroup>
          </Field>
          {text('desc', t('logo.descHint'))}
          {imageMode ? (
            <>
              <LogoImageField
                id={id('imageLittle')}
                label={t('logo.fields.imageLittle')}
                hint={t('logo.imageHint')}
                value={form.values.imageLittle}
                onChange={(value) => form.set('imageLittle', value)}
                problem={form.shown.imageLittle}
              />
              <LogoImageField
                id={id('imageBig')}
                label={t('logo.fields.imageBig')}
                hint={t('logo.imageHint')}
                value={form.values.imageBig}
                onChange={(value) => form.set('imageBig', value)}
              />
            </>
          ) : null}
          <AlarmRulesField
            id={id('checkerNotHandler')}
            checked={form.values.checkerNotHandler}
            readOnly={!canWrite}
            onChange={(checked) => form.set('checkerNotHandler', checked)}
          />
          <ProblemLine failure={failure} className="dialog-failure system-field wide" />
          {canWrite ? (
            <div className="logo-form-actions">
              <Button type="submit" appearance="primary" loading={busy}>
                {t('actions.save')}
              </Button>
              <Button type="button" disabled={busy || !storedValues} onClick={() => {
                  if (!storedValues) return;
                  lastReset.current = storedValues;
                  reset(storedValues);
                }}>
                {t('logo.undo')}
              </Button>
            </div>
          ) : null}
        </form>
        <LogoPreview draft={form.values} />
      </div>
    </ScreenFrame>
  );
}
