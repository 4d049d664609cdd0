// "Sync to edge boxes" for one published version: choose boxes (online state shown), confirm, then the per-box
// status table, refreshed every SYNC_POLL_MS while a sync is pending or delivered and no longer once all have an
// answer (applied or failed).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { LoadLine } from './LoadLine.tsx';
import { MAX_SYNC_BOXES, SyncBoxPicker } from './SyncBoxPicker.tsx';
import { SyncStatusTable } from './SyncStatusTable.tsx';
import type { TrainVersion } from './versionsApi.ts';
import { inFlight, listVersionSyncs, SYNC_POLL_MS, syncVersion, type TrainVersionSyncList } from './versionSyncApi.ts';

interface Props {
  version: Pick<TrainVersion, 'id' | 'version' | 'algorithmName'>;
  onClose(): void;
}

export function VersionSyncPanel({ version, onClose }: Props) {
  const { t } = useTranslation('training');
  const [latest, setLatest] = useState<TrainVersionSyncList | null>(null);
  const loaded = useLoaded((signal) => listVersionSyncs(version.id, signal), null, version.id);
  const [chosen, setChosen] = useState<number[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  // The newest answer, from a load or from the sync call itself (a refresh keeps the table on screen).
  const data = latest?.versionId === version.id ? latest : null;
  useEffect(() => {
    if (loaded.status === 'ready' && loaded.data) setLatest(loaded.data);
  }, [loaded.status, loaded.data]);

  const moving = data?.syncs.some((s) => inFlight(s.status)) ?? false;
  const { reload, status } = loaded;
  useEffect(() => {
    if (!moving || status === 'loading') return;
    const timer = setTimeout(reload, SYNC_POLL_MS);
    return () => clearTimeout(timer);
  }, [moving, status, reload]);

  const submit = () => {
    if (!data || chosen.length === 0 || chosen.length > MAX_SYNC_BOXES) return;
    const names = data.boxes.filter((b) => chosen.includes(b.id)).map((b) => b.name);
    confirm({
      title: t('sync.confirmTitle', { version: version.version, count: chosen.length }),
      message: t('sync.confirm', { name: version.algorithmName, version: version.version, boxes: names.join(t('listSeparator')) }),
      confirmLabel: t('sync.confirmLabel'),
      action: async () => {
        const answer = await syncVersion(version.id, chosen);
        setLatest(answer);
        setNote(t('sync.queued', { count: chosen.length }));
        setChosen([]);
        reload();
      },
    });
  };

  return (
    <section className="train-sync" aria-labelledby="version-sync-title">
      <h2 id="version-sync-title">{t('sync.title', { version: version.version, name: version.algorithmName })}</h2>
      <p>{t('sync.intro')}</p>
      {data ? null : <LoadLine loaded={loaded} />}
      {data && loaded.status === 'error' ? <LoadLine loaded={loaded} /> : null}
      {data ? (
        <>
          <SyncBoxPicker boxes={data.boxes} syncs={data.syncs} chosen={chosen} onChange={setChosen} />
          <div className="train-actions">
            <Button appearance="primary" disabled={chosen.length === 0 || chosen.length > MAX_SYNC_BOXES} onClick={submit}>
              {t('sync.submit')}
            </Button>
            <Button onClick={onClose}>{t('sync.close')}</Button>
          </div>
          {note ? <p role="status">{note}</p> : null}
          <SyncStatusTable syncs={data.syncs} />
        </>
      ) : null}
      {dialog}
    </section>
  );
}
