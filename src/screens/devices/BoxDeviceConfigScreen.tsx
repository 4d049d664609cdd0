// /boxDeviceConfig (?box=<id>): one edge box's configuration — what it runs (cameras and their events, delivered with
// its next heartbeat) and how it reaches the platform (schema-driven form).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import Button from 'rsuite/Button';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { LazySchemaForm } from '../../forms/LazySchemaForm.tsx';
import { usePreloadedSchemaForm } from '../../forms/loadSchemaForm.ts';
import { useFirstSettled } from '../../components/data/useFirstSettled.ts';
import { BoxTaskDialog } from './boxes/BoxTaskDialog.tsx';
import { boxTask, type EdgeBoxPlatformConfig, type EdgeBoxTask, platformConfig, savePlatformConfig } from './boxes/boxesApi.ts';
import { boxOptions, listDevices } from './devicesApi.ts';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { sharedRule } from './shared/inputSchemas.ts';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import './devices.css';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';
import { RetryLine } from '../../components/data/RetryLine.tsx';

const platformSchema: RJSFSchema = {
  type: 'object',
  required: ['platformHost', 'platformPort'],
  properties: {
    boxId: { type: 'integer' },
    platformHost: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[0-9A-Za-z.:-]+$' },
    platformPort: sharedRule('Port'),
    protocol: { type: 'string', enum: ['http', 'https'], default: 'https' },
    heartbeatSeconds: { type: 'integer', minimum: 10, maximum: 600, default: 30 },
    uploadImage: { type: 'boolean', default: true },
    uploadVideo: { type: 'boolean', default: false },
    timeSyncServer: { type: ['string', 'null'], maxLength: 128 },
  },
};
const platformUi: UiSchema<EdgeBoxPlatformConfig> = {
  boxId: { 'ui:widget': 'hidden' },
  platformPort: { 'ui:widget': 'updown' },
  heartbeatSeconds: { 'ui:widget': 'updown' },
  uploadImage: { 'ui:widget': 'toggle' },
  uploadVideo: { 'ui:widget': 'toggle' },
  'ui:options': { columns: 2 },
};

function BoxPanels({ boxId, boxName, canWrite }: { boxId: number; boxName: string; canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const task = useLoaded((signal) => boxTask(boxId, signal), null as EdgeBoxTask | null, boxId);
  const platform = useLoaded((signal) => platformConfig(boxId, signal), null as EdgeBoxPlatformConfig | null, boxId);
  const cameras = useLoaded((signal) => listDevices('normal', { boxId: String(boxId) }, 1, 500, signal).then((page) => page.list), [], boxId);
  const [editing, setEditing] = useState<EdgeBoxTask | null>(null);
  const [platformDraft, setPlatformDraft] = useState<EdgeBoxPlatformConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The three panels show together once their first loads have settled (answered or failed): each one growing as
  // its answer came in pushed the ones below it down in front of the user. The form's code loads meanwhile.
  const settled = useFirstSettled(task.status, platform.status, cameras.status);
  usePreloadedSchemaForm();

  const savePlatform = async (data: EdgeBoxPlatformConfig) => {
    setSaving(true);
    setFailure(null);
    try {
      await savePlatformConfig({ ...data, boxId });
      notify('success', t('boxConfig.platformSaved'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  if (!settled) {
    return (
      <p className="panel" aria-busy="true">
        {t('events.loading')}
      </p>
    );
  }
  return (
    <>
      <section className="panel" aria-labelledby="box-tasks-title">
        <h2 id="box-tasks-title">{t('boxConfig.tasks')}</h2>
        {task.status === 'error' ? (
          <RetryLine message={t('boxConfig.loadFailed', { reason: task.error ?? '' })} retryLabel={t('actions.retry')} onRetry={task.reload} size="xs" />
        ) : null}
        {task.data ? (
          <>
            <p className="dialog-hint">{task.data.delivered ? t('boxConfig.delivered') : t('boxConfig.pending')}</p>
            {task.data.items.length === 0 ? <p>{t('boxConfig.noTasks')}</p> : null}
            <ul className="card-list">
              {task.data.items.map((item) => (
                <li key={item.cameraId}>
                  <Link to={`/deviceConfig?camera=${item.cameraId}`} aria-label={t('boxConfig.openCamera', { name: item.cameraName ?? String(item.cameraId) })}>
                    {item.cameraName ?? item.cameraId}
                  </Link>
                  {' — '}
                  {(item.eventNames ?? item.eventIds.map(String)).join('、') || t('form.none')}
                  {item.runState !== undefined ? <span className="event-status">{t(`runState.${item.runState}`)}</span> : null}
                </li>
              ))}
            </ul>
            {canWrite ? (
              <div>
                <Button onClick={() => setEditing(task.data)}>{t('boxConfig.edit')}</Button>
              </div>
            ) : null}
          </>
        ) : task.status === 'loading' ? (
          <p>{t('events.loading')}</p>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="box-cameras-title" aria-busy={cameras.status === 'loading'}>
        <h2 id="box-cameras-title">{t('boxConfig.cameras')}</h2>
        {cameras.status === 'error' ? <p role="alert">{t('boxConfig.loadFailed', { reason: cameras.error ?? '' })}</p> : null}
        {cameras.status === 'ready' && cameras.data.length === 0 ? <p>{t('boxConfig.noCameras')}</p> : null}
        <ul className="card-list">
          {cameras.data.map((camera) => (
            <li key={camera.id}>
              <Link to={`/deviceConfig?camera=${camera.id}`}>{camera.name}</Link> <span className="event-status">{t(`runState.${camera.runState}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="box-platform-title">
        <h2 id="box-platform-title">{t('boxConfig.platform')}</h2>
        {platform.status === 'error' ? <p role="alert">{t('boxConfig.loadFailed', { reason: platform.error ?? '' })}</p> : null}
        {platform.data ? (
          <LazySchemaForm<EdgeBoxPlatformConfig>
            id="platform-form"
            schema={platformSchema}
            uiSchema={platformUi}
            formData={platformDraft ?? platform.data}
            onChange={setPlatformDraft}
            onSubmit={savePlatform}
            disabled={!canWrite || saving}
            noSubmit={!canWrite}
            submitText={t('actions.save')}
            vocabulary={{ title: (name) => t(`fields.${name}` as never, { defaultValue: name }) }}
          />
        ) : null}
        <ProblemLine failure={failure} />
      </section>
      <BoxTaskDialog
        task={editing}
        boxName={boxName}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', t('boxConfig.saved'));
          task.reload();
        }}
      />
    </>
  );
}

export default function BoxDeviceConfigScreen() {
  const { t } = useTranslation('devices');
  const canWrite = usePermission()(['boxDeviceConfig', 'edgeDevice/box']);
  const [params, setParams] = useSearchParams();
  const title = useScreenTitle(t('titles.boxDeviceConfig'));
  const boxes = useLoaded((signal) => boxOptions(signal), []);
  const boxId = Number(params.get('box')) || boxes.data[0]?.id || null;
  const box = boxes.data.find((entry) => entry.id === boxId);
  return (
    <section className="devices-screen">
      <header className="devices-header">
        <h1>{title}</h1>
        <label htmlFor="box-pick">{t('boxConfig.pickBox')}</label>
        <SelectPicker
          id="box-pick"
          data={boxes.data.map((entry) => ({ value: entry.id, label: `${entry.name}（${t(`boxes.${entry.status}`)}）` }))}
          value={boxId}
          onChange={(value) => setParams(value ? { box: String(value) } : {})}
          loading={boxes.status === 'loading'}
          cleanable={false}
          placeholder={t('boxConfig.pickHint')}
        />
      </header>
      {boxes.status === 'ready' && boxes.data.length === 0 ? <p>{t('boxConfig.noBoxes')}</p> : null}
      {boxes.status === 'error' ? (
        <RetryLine message={t('boxConfig.loadFailed', { reason: boxes.error ?? '' })} retryLabel={t('actions.retry')} onRetry={boxes.reload} size="xs" />
      ) : null}
      {boxId && box ? <BoxPanels key={boxId} boxId={boxId} boxName={box.name} canWrite={canWrite} /> : null}
    </section>
  );
}
