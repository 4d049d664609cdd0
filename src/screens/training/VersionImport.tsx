// The import of a version package (.zip) as a new version of the algorithm, chosen in the console's upload field.
// Its own module, loaded when a versions panel shows (the upload field's styles stay off the lists' first load).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { FileUploader, pickEntry } from '../../components/upload/FileUploader.tsx';
import { importVersion, type TrainVersion } from './versionsApi.ts';

export interface ImportNote {
  kind: 'ok' | 'error';
  text: string;
}

export default function VersionImport({ algorithmId, onNote, onImported }: { algorithmId: number; onNote(note: ImportNote | null): void; onImported(version: TrainVersion): void }) {
  const { t } = useTranslation('training');
  const [file, setFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const picked = useMemo(() => (file ? [pickEntry(file)] : []), [file]);
  const id = `version-import-${algorithmId}`;
  const run = async () => {
    if (!file) return;
    setImporting(true);
    onNote(null);
    try {
      const made = await importVersion(algorithmId, file);
      onNote({ kind: 'ok', text: t('versions.imported', { version: made.version }) });
      setFile(null);
      onImported(made);
    } catch (error) {
      onNote({ kind: 'error', text: t('versions.failed', { error: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setImporting(false);
    }
  };
  return (
    <div className="train-versions-import">
      <label htmlFor={id}>{t('versions.importLabel')}</label>
      <FileUploader id={id} accept=".zip,application/zip" disabled={importing} files={picked} onAdd={([chosen]) => setFile(chosen ?? null)} onRemove={() => setFile(null)} />
      <Button size="sm" disabled={!file || importing} loading={importing} onClick={run}>
        {t('versions.import')}
      </Button>
    </div>
  );
}
