// A settings document declared like a resource: it loads whole, shows as a JSON Schema form (labels from the
// declaration's catalogue), saves whole; loading, failure with Retry, read-only without the write permission, the
// server's refusal shown in place.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import type { Namespace } from '../../i18n/languages.ts';
import { useLoaded } from '../data/useLoaded.ts';
import type { Permission } from './types.ts';
import './resource.css';

export interface SettingsDeclaration<T> {
  id: string;
  ns: Namespace;
  /** Texts: `<prefix>.label`, `<prefix>.hint`, `<prefix>.fields.*`, `<prefix>.enums.*`. */
  prefix: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema<T>;
  load(signal: AbortSignal): Promise<T>;
  save(data: T): Promise<unknown>;
  /** Who may save (the save operation's x-permission). */
  write: Permission;
}

export type AnySettings = SettingsDeclaration<any>;

export function SettingsPanel<T>({ settings }: { settings: SettingsDeclaration<T> }) {
  const { t, i18n } = useTranslation(settings.ns);
  const { t: tc } = useTranslation('common');
  const canWrite = usePermission()(settings.write);
  const loaded = useLoaded((signal) => settings.load(signal), null as T | null, settings.id);
  const [draft, setDraft] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const text = (key: string) => String(t(`${settings.prefix}.${key}` as never));
  const has = (key: string) => i18n.exists(`${settings.ns}:${settings.prefix}.${key}`);
  const formId = `${settings.id}-settings`;

  const save = async (data: T) => {
    setBusy(true);
    setFailure(null);
    setDraft(data);
    try {
      await settings.save(data);
      notify('success', tc('resource.saved'));
      setDraft(null);
      loaded.reload();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-panel" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{text('label')}</h2>
      {has('hint') ? <p className="settings-hint">{text('hint')}</p> : null}
      {loaded.status === 'error' ? (
        <div role="alert" className="resource-failure">
          {tc('resource.loadFailed', { reason: loaded.error })}{' '}
          <Button size="sm" onClick={loaded.reload}>
            {tc('resource.retry')}
          </Button>
        </div>
      ) : loaded.data === null ? (
        <Loader content={tc('resource.loading')} />
      ) : (
        <LazySchemaForm<T>
          id={formId}
          schema={settings.schema}
          uiSchema={settings.uiSchema}
          formData={draft ?? loaded.data}
          vocabulary={{
            title: (name) => (has(`fields.${name}`) ? text(`fields.${name}`) : undefined),
            enumName: (name, value) => (has(`enums.${name}.${String(value)}`) ? text(`enums.${name}.${String(value)}`) : undefined),
          }}
          onChange={setDraft}
          onSubmit={save}
          disabled={!canWrite || busy}
          noSubmit={!canWrite}
          submitText={tc('resource.save')}
        />
      )}
      {!canWrite && loaded.data !== null ? <p className="settings-hint">{tc('resource.readOnly')}</p> : null}
      {failure ? (
        <p className="dialog-failure" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
