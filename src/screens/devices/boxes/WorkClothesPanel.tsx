// The work-clothes library of one box (its own pictures and the shared ones): list by keyword, add a jpg/png
// of at most 5 MB (dropped or chosen, checked before upload with the reason shown at the field, sent with its
// progress), delete with confirmation. The drawer asks before a half-filled form is lost (`onDirtyChange`).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Checkbox from 'rsuite/Checkbox';
import Form from 'rsuite/Form';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Checkbox/styles/index.css';
import 'rsuite/Form/styles/index.css';
import 'rsuite/FormControl/styles/index.css';
import 'rsuite/FormControlLabel/styles/index.css';
import 'rsuite/FormErrorMessage/styles/index.css';
import 'rsuite/FormGroup/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { percentSent } from '../../../api/progressFetch.ts';
import { notify } from '../../../app/notify.ts';
import { FileUploader, type PickedFile, pickEntry } from '../../../components/upload/FileUploader.tsx';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { ListToolbar } from '../../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../../components/table/ServerTable.tsx';
import { useServerList } from '../../../components/table/useServerList.ts';
import { addWorkClothes, deleteWorkClothes, listWorkClothes, type WorkClothes } from './boxExtrasApi.ts';
import { pictureProblem } from './boxRules.ts';
import { useSubmission } from '../../../components/dialog/useSubmission.ts';
import { ProblemLine } from '../../../components/dialog/ProblemLine.tsx';

const FILTERS = ['keyword'] as const;

export function WorkClothesPanel({ boxId, canWrite, onDirtyChange }: { boxId: number; canWrite: boolean; onDirtyChange?(dirty: boolean): void }) {
  const { t } = useTranslation('devices');
  const list = useServerList<WorkClothes, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (entry) => entry.id,
    load: ({ filters, pageNo, pageSize, signal }) => listWorkClothes(boxId, filters.keyword, pageNo, pageSize, signal),
  });
  const { confirmDelete, dialog } = useConfirm();
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [shared, setShared] = useState(false);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [problems, setProblems] = useState<Partial<Record<'name' | 'file', string>>>({});
  const { busy, failure, run } = useSubmission();
  const dirty = Boolean(name.trim() || remark.trim() || picked);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const pick = (chosen: File) => {
    const found = pictureProblem(chosen);
    const problem = found ? t(`boxExtras.clothes.${found}`) : undefined;
    setPicked(pickEntry(chosen, found ? 'error' : 'ready', problem));
    setProblems((current) => ({ ...current, file: problem }));
  };

  const add = async () => {
    const found: typeof problems = {};
    if (!name.trim()) found.name = t('boxExtras.clothes.nameRequired');
    if (!picked?.file) found.file = t('boxExtras.clothes.fileRequired');
    else {
      const refused = pictureProblem(picked.file);
      if (refused) found.file = t(`boxExtras.clothes.${refused}`);
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !picked?.file || busy) return;
    const entry = picked;
    const file = picked.file;
    setPicked({ ...entry, status: 'uploading', progress: 0 });
    await run(async () => {
      await addWorkClothes(
        { file, name: name.trim(), boxId: shared ? undefined : boxId, remark: remark.trim() || undefined },
        { onProgress: (progress) => setPicked((current) => (current?.key === entry.key ? { ...current, progress: percentSent(progress) } : current)) },
      );
      notify('success', t('boxExtras.clothes.added'));
      setName('');
      setRemark('');
      setShared(false);
      setPicked(null);
      list.reload();
    }, () => setPicked({ ...entry, status: 'ready' }));
  };

  const remove = (entries: WorkClothes[]) =>
    confirmDelete(
      {
        title: t('boxExtras.clothes.deleteTitle'),
        // A shared picture is removed from every box's library, so the message says so.
        message: entries.some((entry) => entry.boxId === null || entry.boxId === undefined)
          ? t('boxExtras.clothes.deleteShared', { name: entries[0]?.name ?? '' })
          : t('boxExtras.clothes.deleteMessage', { name: entries[0]?.name ?? '' }),
        done: t('boxExtras.clothes.deleted', { count: entries.length }),
      },
      () => deleteWorkClothes(entries.map((entry) => entry.id)),
      () => list.afterDelete(entries.length),
    );

  const columns: TableColumn<WorkClothes>[] = [
    {
      key: 'imageUrl',
      header: t('boxExtras.clothes.picture'),
      width: 90,
      render: (entry) => <img src={entry.imageUrl} alt={entry.name} className="work-clothes-thumb" loading="lazy" />,
    },
    { key: 'name', header: t('boxExtras.clothes.name'), flexGrow: 1, minWidth: 120 },
    { key: 'boxId', header: t('boxExtras.clothes.scope'), width: 100, render: (entry) => (entry.boxId === null || entry.boxId === undefined ? t('boxExtras.clothes.shared') : t('boxExtras.clothes.thisBox')) },
    { key: 'remark', header: t('boxExtras.clothes.remark'), flexGrow: 1, minWidth: 120 },
    { key: 'createTime', kind: 'time', header: t('boxExtras.clothes.createTime'), width: 160 },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('boxes.columns.actions'),
            width: 80,
            render: (entry: WorkClothes) => (
              <Button size="xs" appearance="link" color="red" onClick={() => remove([entry])}>
                {t('actions.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="box-drawer-panel">
      {canWrite ? (
        <Form fluid className="drawer-form" onSubmit={() => void add()} disabled={busy} aria-labelledby="work-clothes-add-title">
          <h3 id="work-clothes-add-title" className="drawer-form-title">
            {t('boxExtras.clothes.addTitle')}
          </h3>
          <Form.Group controlId="work-clothes-name">
            <Form.Label>{t('boxExtras.clothes.name')}</Form.Label>
            <Form.Control name="name" value={name} maxLength={32} onChange={(value: string) => setName(value)} errorMessage={problems.name} />
          </Form.Group>
          <Form.Group controlId="work-clothes-remark">
            <Form.Label>{t('boxExtras.clothes.remark')}</Form.Label>
            <Form.Control name="remark" accepter={Input} value={remark} maxLength={500} onChange={(value: string) => setRemark(value)} />
          </Form.Group>
          <Form.Group controlId="work-clothes-file">
            <Form.Label>{t('boxExtras.clothes.file')}</Form.Label>
            <FileUploader
              id="work-clothes-file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              images
              files={picked ? [picked] : []}
              disabled={busy}
              onAdd={([chosen]) => chosen && pick(chosen)}
              onRemove={() => {
                setPicked(null);
                setProblems((current) => ({ ...current, file: undefined }));
              }}
              hint={t('boxExtras.clothes.fileHint')}
              invalid={Boolean(problems.file)}
            />
            <ProblemLine failure={problems.file && !picked?.problem ? problems.file : null} className="dialog-failure" />
          </Form.Group>
          <Checkbox checked={shared} onChange={(_, checked) => setShared(checked)}>
            {t('boxExtras.clothes.sharedOption')}
          </Checkbox>
          <ProblemLine failure={failure} />
          <div>
            <Button type="submit" appearance="primary" size="sm" loading={busy}>
              {t('boxExtras.clothes.add')}
            </Button>
          </div>
        </Form>
      ) : null}
      <ServerTable
        list={list}
        label={t('boxExtras.clothes.label')}
        columns={columns}
        describeRow={(entry) => entry.name}
        emptyText={t('boxExtras.clothes.empty')}
        toolbar={
          <ListToolbar
            id="work-clothes"
            list={list}
            label={t('filters.label')}
            // The contract bounds the keyword at 32 (listWorkClothes).
            fields={[{ kind: 'text', key: 'keyword', label: t('filters.keyword'), maxLength: 32 }]}
          />
        }
      />
      {dialog}
    </div>
  );
}
