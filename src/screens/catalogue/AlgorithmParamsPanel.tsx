// The parameters of each algorithm (/algorithmConfig, /algorithmConfigSuper): pick an algorithm (kept in ?app=),
// edit its parameters in a form built from its JSON Schema (schemas/algorithm-<app>.schema.json, the file the
// server validates with again); the advanced parameters are shown to administrators only (the server says whether
// the caller gets them). Saving hands the parameters to the boxes that run the algorithm.
import type { RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import { type AlgorithmParams, type AlgorithmParamsSummary, paramsApi } from './catalogueApi.ts';
import '../../components/resource/resource.css';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';
import { LabelledPicker } from '../../components/form/LabelledPicker.tsx';

const SCHEMAS = import.meta.glob<{ default: RJSFSchema }>('../../../schemas/algorithm-*.schema.json');

async function schemaOf(appName: string, advanced: boolean): Promise<RJSFSchema> {
  const load = SCHEMAS[`../../../schemas/algorithm-${appName}.schema.json`];
  if (!load) throw new Error(appName);
  const { $schema: _draft, ...schema } = (await load()).default as RJSFSchema & { $schema?: string };
  if (advanced) return schema;
  const { advanced: _advanced, ...basic } = schema.properties ?? {};
  return { ...schema, properties: basic };
}

const NONE: AlgorithmParamsSummary[] = [];

export function AlgorithmParamsPanel() {
  const { t, i18n } = useTranslation('catalogue');
  const canWrite = usePermission()(['algorithmConfig', 'algorithmConfigSuper']);
  const [params, setParams] = useSearchParams();
  const algorithms = useLoaded((signal) => paramsApi.list(signal), NONE);
  const asked = params.get('app');
  const app = algorithms.data.find((a) => a.appName === asked)?.appName ?? algorithms.data[0]?.appName ?? null;
  const loaded = useLoaded(
    async (signal): Promise<{ answer: AlgorithmParams; schema: RJSFSchema } | null> => {
      if (!app) return null;
      const answer = await paramsApi.get(app, signal);
      return { answer, schema: await schemaOf(app, answer.advanced) };
    },
    null,
    app ?? '',
  );
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const { busy, failure, setFailure, run } = useSubmission();
  const has = (key: string) => i18n.exists(`catalogue:params.${key}`);

  const choose = (next: string | null) => {
    setDraft(null);
    setFailure(null);
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set('app', next);
      else copy.delete('app');
      return copy;
    }, { replace: true });
  };

  const save = async (data: Record<string, unknown>) => {
    if (!app) return;
    setDraft(data);
    await run(async () => {
      await paramsApi.save(app, data);
      notify('success', t('params.saved'));
      setDraft(null);
      loaded.reload();
      algorithms.reload();
    });
  };

  if (algorithms.status === 'error' || loaded.status === 'error') {
    return (
      <div role="alert" className="resource-failure">
        {t('params.failed', { reason: algorithms.error ?? loaded.error })}{' '}
        <Button size="sm" onClick={() => (algorithms.status === 'error' ? algorithms.reload() : loaded.reload())}>
          {t('params.retry')}
        </Button>
      </div>
    );
  }
  if (algorithms.status === 'ready' && algorithms.data.length === 0) return <p>{t('params.none')}</p>;
  const summary = algorithms.data.find((a) => a.appName === app);
  return (
    <section className="settings-panel" aria-labelledby="params-title">
      <h2 id="params-title">{t('params.title')}</h2>
      <LabelledPicker
        className="filter-field"
        id="params-app"
        label={t('params.algorithm')}
        data={algorithms.data.map((a) => ({ value: a.appName, label: has(`apps.${a.appName}`) ? t(`params.apps.${a.appName}` as never) : a.appName }))}
        value={app}
        onChange={choose}
      />
      {summary ? (
        <p className="settings-hint">
          {t('params.summary', { events: summary.eventNames.slice(0, 6).join('、'), n: summary.eventCount })}{' '}
          {summary.updateTime ? t('params.savedBy', { user: summary.userName, time: summary.updateTime }) : t('params.defaults')}
        </p>
      ) : null}
      {loaded.data === null ? (
        <Loader content={t('params.loading')} />
      ) : (
        <>
          {!loaded.data.answer.advanced ? <p className="settings-hint">{t('params.advancedHidden')}</p> : null}
          <LazySchemaForm<Record<string, unknown>>
            key={app ?? ''}
            id="algorithm-params"
            schema={loaded.data.schema}
            formData={draft ?? loaded.data.answer.params}
            vocabulary={{ title: (name) => (has(`fields.${name}`) ? t(`params.fields.${name}` as never) : undefined) }}
            onChange={setDraft}
            onSubmit={save}
            disabled={!canWrite || busy}
            noSubmit={!canWrite}
            submitText={t('params.save')}
          />
        </>
      )}
      <ProblemLine failure={failure} />
    </section>
  );
}
