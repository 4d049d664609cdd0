// Export of a paged list as .xlsx with the §5 page limit (alarms: at most 100 pages; event statistics: at most
// 10): which pages, how many rows that is, then the download; alarms may come with their images (a zip, with the
// watermark when the setting says so). Stays open with the reason when the server refuses.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'rsuite/Input';
import 'rsuite/Input/styles/index.css';
import { ActionDialog } from '../../components/dialog/ActionDialog.tsx';
import { useSubmission } from '../../components/dialog/useSubmission.ts';
import { exportPlan, exportProblems } from './alarmFilters.ts';
import { ProblemLine } from '../../components/dialog/ProblemLine.tsx';

interface Props {
  open: boolean;
  title: string;
  /** Rows the list has; null when unknown (grouped statistics): only the page bounds are checked then. */
  total: number | null;
  pageSize: number;
  /** The page the list shows (the default first page). */
  pageNo: number;
  maxPages: number;
  /** Offer "with images" (a zip of the spreadsheet and the images, at most this many rows). */
  imagesMaxRows?: number;
  onExport(pageNo: number, pageCount: number, withImages: boolean): Promise<void>;
  onClose(): void;
}

export function ExportDialog({ open, title, total, pageSize, pageNo, maxPages, imagesMaxRows, onExport, onClose }: Props) {
  const { t } = useTranslation('alarms');
  // An unknown total: any first page, the server says when there is nothing to export.
  const totalPages = total === null ? Number.MAX_SAFE_INTEGER : Math.max(1, Math.ceil(total / pageSize));
  const [first, setFirst] = useState('1');
  const [count, setCount] = useState('1');
  const [withImages, setWithImages] = useState(false);
  const { busy, failure, setFailure, run } = useSubmission();

  useEffect(() => {
    if (!open) return;
    const start = total === null ? 1 : Math.min(pageNo, totalPages);
    setFirst(String(start));
    setCount(String(Math.max(1, Math.min(maxPages, totalPages - start + 1))));
    // (with an unknown total: from the first page, as many pages as allowed)
    setFailure(null);
  }, [open, pageNo, totalPages, maxPages, total, setFailure]);

  const problems = exportProblems(first, count, totalPages, maxPages);
  const valid = !problems.firstPage && !problems.pageCount;
  const plan = valid ? exportPlan(Number(first), Number(count), pageSize, total ?? Number(count) * pageSize + (Number(first) - 1) * pageSize) : null;
  const tooManyImages = Boolean(withImages && imagesMaxRows !== undefined && plan && plan.pageCount * pageSize > imagesMaxRows);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan || busy || tooManyImages) return;
    await run(async () => {
      await onExport(plan.pageNo, plan.pageCount, withImages);
      onClose();
    });
  };

  const between = (max: number) => t('validation.between', { min: 1, max });
  return (
    <ActionDialog
      open={open}
      titleId="export-title"
      title={title}
      size="xs"
      backdrop
      bodyClassName="alarm-form"
      busy={busy}
      failure={failure}
      failureClassName="alarm-problem"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      action={{ label: t('actions.export'), disabled: !plan || total === 0 || tooManyImages }}
    >
      <div className="alarm-field">
        <label htmlFor="export-first">{total === null ? t('export.firstPageAny') : t('export.firstPage', { pages: totalPages })}</label>
        <Input id="export-first" inputMode="numeric" value={first} onChange={setFirst} aria-invalid={Boolean(problems.firstPage)} />
        <ProblemLine failure={problems.firstPage ? total === null ? t('validation.positiveInteger') : between(totalPages) : null} className="alarm-problem" />
      </div>
      <div className="alarm-field">
        <label htmlFor="export-count">{t('export.pageCount', { max: maxPages })}</label>
        <Input id="export-count" inputMode="numeric" value={count} onChange={setCount} aria-invalid={Boolean(problems.pageCount)} />
        {problems.pageCount ? <p className="alarm-problem" role="alert">{between(maxPages)}</p> : null}
      </div>
      {imagesMaxRows !== undefined ? (
        <div className="alarm-field">
          <label>
            <input type="checkbox" checked={withImages} onChange={(event) => setWithImages(event.target.checked)} /> {t('export.withImages', { max: imagesMaxRows })}
          </label>
          {tooManyImages ? <p className="alarm-problem" role="alert">{t('export.tooManyImages', { max: imagesMaxRows })}</p> : null}
        </div>
      ) : null}
      <p className="alarm-hint" aria-live="polite">
        {plan ? (total === null ? t('export.rowsUpTo', { rows: plan.pageCount * pageSize }) : t('export.rows', { from: plan.from, to: plan.to, total })) : ''}
      </p>
    </ActionDialog>
  );
}
