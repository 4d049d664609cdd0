// The model versions of one algorithm: "ready to retrain" (images the newest version did not see), each version's
// figures (with its accuracy after what cameras do, and the warning) and status, publish / withdraw (confirmed; a
// version that does not hold up on cameras says so before it is published), export of its package or of one
// portable ONNX model, the report of any version, the import of a package as a new version, and the export of the
// algorithm's images (the dataset).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useLocalList } from '../../components/table/useLocalList.ts';
import { DatasetExportButton } from './DatasetExportButton.tsx';
import { pct, versionColumns } from './versionColumns.tsx';
import type { ImportNote } from './VersionImport.tsx';
import { exportOnnx, exportVersion, listVersions, publishVersion, type TrainVersion, withdrawVersion } from './versionsApi.ts';

const VersionImport = lazy(() => import('./VersionImport.tsx'));
const EMPTY = { algorithmId: 0, newSamples: 0, latestVersion: null, list: [] };

/** "Ready to retrain: N new images since version k" (or that the newest version saw them all). */
export function RetrainLine({ newSamples, latestVersion }: { newSamples: number; latestVersion: string | null }) {
  const { t } = useTranslation('training');
  if (latestVersion === null) return <p className="train-retrain">{t('versions.none')}</p>;
  return (
    <p className="train-retrain" data-testid="retrain-line">
      {newSamples > 0 ? t('versions.ready', { count: newSamples, version: latestVersion }) : t('versions.upToDate', { version: latestVersion })}
    </p>
  );
}

export function VersionsPanel({ algorithmId, name, onChanged }: { algorithmId: number; name: string; onChanged?: () => void }) {
  const { t } = useTranslation('training');
  const [attempt, setAttempt] = useState(0);
  const versions = useLoaded((signal) => listVersions(algorithmId, signal), EMPTY, `${algorithmId}-${attempt}`);
  const { confirm, dialog } = useConfirm();
  const [note, setNote] = useState<ImportNote | null>(null);
  const changed = () => {
    setAttempt((n) => n + 1);
    onChanged?.();
  };

  const toggle = (v: TrainVersion) => {
    const publish = !v.published;
    confirm({
      title: t(publish ? 'versions.confirmPublishTitle' : 'versions.confirmWithdrawTitle', { version: v.version }),
      message:
        t(publish ? 'versions.confirmPublish' : 'versions.confirmWithdraw', { version: v.version, name, accuracy: pct(v.accuracy) }) +
        (publish && v.robustWarning ? ` ${t('versions.robustWarning', { robust: pct(v.robustAccuracy ?? 0), accuracy: pct(v.accuracy) })}` : ''),
      confirmLabel: t(publish ? 'versions.publish' : 'versions.withdraw'),
      action: async () => {
        await (publish ? publishVersion(v.id) : withdrawVersion(v.id));
        changed();
      },
    });
  };

  const runExport = async (v: TrainVersion, kind: 'package' | 'onnx') => {
    setNote(null);
    try {
      await (kind === 'onnx' ? exportOnnx(v) : exportVersion(v));
    } catch (error) {
      setNote({ kind: 'error', text: t('versions.failed', { error: error instanceof Error ? error.message : String(error) }) });
    }
  };

  const list = useLocalList({ rows: versions.data.list, status: versions.status, error: versions.error, reload: versions.reload, rowKey: (v: TrainVersion) => v.id, defaultPageSize: 10 });
  const actionLabels = [t('versions.withdraw'), t('versions.export'), t('versions.exportOnnx'), t('versions.report')];
  const columns: TableColumn<TrainVersion>[] = [
    ...versionColumns(t, ['version', 'source', 'created', 'accuracy', 'ap', 'robust', 'threshold', 'samples', 'status']),
    actionsColumn(t('versions.actions'), actionLabels, (v: TrainVersion) => [
      { key: 'publish', label: v.published ? t('versions.withdraw') : t('versions.publish'), onClick: () => toggle(v) },
      { key: 'export', label: t('versions.export'), onClick: () => void runExport(v, 'package') },
      { key: 'onnx', label: t('versions.exportOnnx'), onClick: () => void runExport(v, 'onnx') },
      { key: 'report', label: t('versions.report'), to: `/synchroModelInfo?algorithmId=${algorithmId}&versionId=${v.id}` },
    ]),
  ];
  return (
    <div className="train-versions">
      {versions.status === 'ready' ? <RetrainLine newSamples={versions.data.newSamples} latestVersion={versions.data.latestVersion} /> : null}
      <ServerTable list={list} label={t('versions.caption', { name, count: versions.data.list.length })} columns={columns} />
      <Suspense fallback={<div className="train-versions-import" />}>
        <VersionImport algorithmId={algorithmId} onNote={setNote} onImported={changed} />
      </Suspense>
      <DatasetExportButton algorithmId={algorithmId} refresh={attempt} onError={(error) => setNote({ kind: 'error', text: t('versions.failed', { error }) })} />
      {note ? (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'train-problem' : undefined}>
          {note.text}
        </p>
      ) : null}
      {dialog}
    </div>
  );
}
