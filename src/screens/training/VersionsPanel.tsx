// The model versions of one algorithm: "ready to retrain" (images the newest version did not see), each version's
// figures (with its accuracy after what cameras do, and the warning) and status, publish / withdraw (confirmed; a
// version that does not hold up on cameras says so before it is published), export of its package or of one
// portable ONNX model, the report of any version, the import of a package as a new version, and the export of the
// algorithm's images (the dataset).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { DatasetExportButton } from './DatasetExportButton.tsx';
import { LoadLine } from './LoadLine.tsx';
import { exportOnnx, exportVersion, importVersion, listVersions, publishVersion, type TrainVersion, withdrawVersion } from './versionsApi.ts';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
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
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [importing, setImporting] = useState(false);
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

  const runImport = async () => {
    if (!file) return;
    setImporting(true);
    setNote(null);
    try {
      const made = await importVersion(algorithmId, file);
      setNote({ kind: 'ok', text: t('versions.imported', { version: made.version }) });
      setFile(null);
      changed();
    } catch (error) {
      setNote({ kind: 'error', text: t('versions.failed', { error: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setImporting(false);
    }
  };

  const list = versions.data.list;
  return (
    <div className="train-versions">
      <LoadLine loaded={versions} />
      {versions.status === 'ready' ? <RetrainLine newSamples={versions.data.newSamples} latestVersion={versions.data.latestVersion} /> : null}
      {list.length > 0 ? (
        <table className="train-table">
          <caption>{t('versions.caption', { name, count: list.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('versions.version')}</th>
              <th scope="col">{t('versions.source')}</th>
              <th scope="col">{t('versions.created')}</th>
              <th scope="col">{t('versions.accuracy')}</th>
              <th scope="col">{t('versions.ap')}</th>
              <th scope="col" title={t('versions.robustHint')}>
                {t('versions.robust')}
              </th>
              <th scope="col">{t('versions.threshold')}</th>
              <th scope="col">{t('versions.samples')}</th>
              <th scope="col">{t('versions.status')}</th>
              <th scope="col">{t('versions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.id}>
                <td>{v.version}</td>
                <td>{t(`versions.sources.${v.source}`)}</td>
                <td>{v.createTime}</td>
                <td>{pct(v.accuracy)}</td>
                <td>{pct(v.averagePrecision)}</td>
                <td>
                  {v.robustAccuracy === null ? '—' : pct(v.robustAccuracy)}{' '}
                  {v.robustWarning ? (
                    <span className="train-tag is-warning" title={t('versions.robustWarning', { robust: pct(v.robustAccuracy ?? 0), accuracy: pct(v.accuracy) })}>
                      {t('versions.robustTag')}
                    </span>
                  ) : null}
                </td>
                <td>{v.threshold.toFixed(3)}</td>
                <td>{t('versions.sampleCounts', { positive: v.positiveCount, negative: v.negativeCount })}</td>
                <td>
                  <span className={v.published ? 'train-tag is-published' : 'train-tag'} title={v.published ? t('versions.publishedBy', { time: v.publishedAt, user: v.publishedBy }) : undefined}>
                    {v.published ? t('versions.published') : t('versions.draft')}
                  </span>
                </td>
                <td className="train-row-actions">
                  <Button size="xs" onClick={() => toggle(v)}>
                    {v.published ? t('versions.withdraw') : t('versions.publish')}
                  </Button>
                  <Button size="xs" onClick={() => runExport(v, 'package')}>
                    {t('versions.export')}
                  </Button>
                  <Button size="xs" onClick={() => runExport(v, 'onnx')}>
                    {t('versions.exportOnnx')}
                  </Button>
                  <Link to={`/synchroModelInfo?algorithmId=${algorithmId}&versionId=${v.id}`}>{t('versions.report')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="train-actions">
        <label>
          {t('versions.importLabel')}{' '}
          <input type="file" accept=".zip,application/zip" data-testid="version-import-input" disabled={importing} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <Button size="sm" disabled={!file || importing} loading={importing} onClick={runImport}>
          {t('versions.import')}
        </Button>
        <DatasetExportButton algorithmId={algorithmId} refresh={attempt} onError={(error) => setNote({ kind: 'error', text: t('versions.failed', { error }) })} />
      </div>
      {note ? (
        <p role={note.kind === 'error' ? 'alert' : 'status'} className={note.kind === 'error' ? 'train-problem' : undefined}>
          {note.text}
        </p>
      ) : null}
      {dialog}
    </div>
  );
}
