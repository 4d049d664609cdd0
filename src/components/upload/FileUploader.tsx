// Files chosen for an upload: rsuite's Uploader as the drop zone and chooser (the browser's own chooser stays
// hidden), and the chosen files listed below it with a thumbnail when they are images, their size, a bar for the
// bytes sent while they upload and what went wrong with each. Controlled: the screen owns the list (it checks what
// is added, sends the files with its own call and reports each file's progress), so one component serves a field
// that uploads at once (an avatar) and a form that sends its files with the rest (evidence images, a video).
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import FileUploadIcon from '@rsuite/icons/FileUpload';
import Button from 'rsuite/Button';
import type { FileType } from 'rsuite/Uploader';
import Uploader from 'rsuite/Uploader';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Uploader/styles/index.css';
import './fileUploader.css';

export type PickedStatus = 'ready' | 'uploading' | 'done' | 'error';

export interface PickedFile {
  key: string;
  /** The chosen file; absent for one already stored (then `url` shows it). */
  file?: File;
  name: string;
  url?: string;
  status: PickedStatus;
  /** Percent sent, while uploading. */
  progress?: number;
  /** Why this file was refused or failed. */
  problem?: string;
}

let nextKey = 0;

/** The Uploader's queue check, used to hand the chosen files to the screen instead of queueing them. */
function handOver(onAdd: (files: File[]) => void, multiple?: boolean) {
  return (_: FileType[], added: FileType[] | FileType) => {
    const chosen = (Array.isArray(added) ? added : [added]).map((item) => item.blobFile).filter((file): file is File => file instanceof File);
    if (chosen.length) onAdd(multiple ? chosen : chosen.slice(-1));
    return false;
  };
}

/** A new entry for a chosen file, ready to send. */
export function pickEntry(file: File, status: PickedStatus = 'ready', problem?: string): PickedFile {
  nextKey++;
  return { key: `picked-${nextKey}`, file, name: file.name, status, problem };
}

/** Bytes in the console's words (KB below a megabyte). */
export function sizeText(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface FileUploaderProps {
  /** The drop zone's id (a <label htmlFor> names it). */
  id: string;
  accept: string;
  multiple?: boolean;
  /** Show image thumbnails. */
  images?: boolean;
  files: readonly PickedFile[];
  /** Files chosen or dropped (the screen checks and adds them). */
  onAdd(files: File[]): void;
  /** A file's remove button; none when absent. */
  onRemove?(key: string): void;
  disabled?: boolean;
  /** What may be chosen (types, sizes, counts), under the drop zone's words. */
  hint?: ReactNode;
  describedBy?: string;
  invalid?: boolean;
}

export function FileUploader({ id, accept, multiple, images, files, onAdd, onRemove, disabled, hint, describedBy, invalid }: FileUploaderProps) {
  const { t } = useTranslation('common');
  return (
    <div className="file-uploader">
      <Uploader
        action=""
        autoUpload={false}
        draggable
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        fileListVisible={false}
        // The files go to the screen, never into the Uploader's own queue (nothing uploads by itself; the input is
        // cleared, so the same file can be chosen again after a fix).
        shouldQueueUpdate={handOver(onAdd, multiple)}
      >
        <button type="button" id={id} className="file-drop" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
          <FileUploadIcon className="file-drop-icon" aria-hidden="true" />
          <span className="file-drop-text">{multiple ? t('upload.dropMany') : t('upload.dropOne')}</span>
          {hint ? <span className="file-drop-hint">{hint}</span> : null}
        </button>
      </Uploader>
      {files.length ? (
        <ul className="file-list" aria-label={t('upload.chosen')}>
          {files.map((entry) => (
            <FileRow key={entry.key} entry={entry} image={images} onRemove={onRemove && !disabled ? () => onRemove(entry.key) : undefined} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FileRow({ entry, image, onRemove }: { entry: PickedFile; image?: boolean; onRemove?: () => void }) {
  const { t } = useTranslation('common');
  const preview = useObjectUrl(image && !entry.url ? entry.file : undefined);
  const src = entry.url ?? preview;
  const progress = Math.round(entry.progress ?? 0);
  return (
    <li className="file-row" data-status={entry.status}>
      {image ? <span className="file-thumb">{src ? <img src={src} alt="" /> : null}</span> : null}
      <span className="file-main">
        <span className="file-name">{entry.name}</span>
        <span className="file-meta">
          {entry.file ? sizeText(entry.file.size) : null}
          {entry.status === 'uploading' ? ` · ${t('upload.sending', { percent: progress })}` : null}
          {entry.status === 'done' && entry.file ? ` · ${t('upload.sent')}` : null}
        </span>
        {entry.status === 'uploading' ? (
          <span className="file-progress" role="progressbar" aria-label={t('upload.progressOf', { name: entry.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <span style={{ width: `${progress}%` }} />
          </span>
        ) : null}
        {entry.problem ? (
          <span className="file-problem" role="alert">
            {entry.problem}
          </span>
        ) : null}
      </span>
      {onRemove ? (
        <button type="button" className="file-remove" onClick={onRemove} aria-label={t('upload.removeOf', { name: entry.name })} disabled={entry.status === 'uploading'}>
          ×
        </button>
      ) : null}
    </li>
  );
}

/** An object URL for a chosen image while it is shown, revoked after. */
function useObjectUrl(file: File | undefined): string | undefined {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/** A button that chooses a file (or takes one dropped on it), for a place that shows the result itself. */
export function UploadButton({ accept, onPick, disabled, size = 'sm', children }: { accept: string; onPick(file: File): void; disabled?: boolean; size?: 'xs' | 'sm' | 'md'; children: ReactNode }) {
  return (
    <Uploader
      className="upload-button"
      action=""
      autoUpload={false}
      draggable
      accept={accept}
      disabled={disabled}
      fileListVisible={false}
      shouldQueueUpdate={handOver(([file]) => file && onPick(file))}
    >
      <Button size={size} disabled={disabled}>
        {children}
      </Button>
    </Uploader>
  );
}
