// The work-clothes library of one box (its own pictures and the shared ones): list by keyword, add a jpg/png
// of at most 5 MB (checked before upload, the reason shown at the field), delete with confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { notify } from '../../../app/notify.ts';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { FilterBar, FilterField, useFilterDraft } from '../../../components/table/FilterBar.tsx';
import { ServerTable, type TableColumn } from '../../../components/table/ServerTable.tsx';
import { useServerList } from '../../../components/table/useServerList.ts';
import { addWorkClothes, deleteWorkClothes, listWorkClothes, type WorkClothes } from './boxExtrasApi.ts';
import { pictureProblem } from './boxRules.ts';

const FILTERS = ['keyword'] as const;

export function WorkClothesPanel({ boxId, canWrite }: { boxId: number; canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const list = useServerList<WorkClothes, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (entry) => entry.id,
    load: ({ filters, pageNo, pageSize, signal }) => listWorkClothes(boxId, filters.keyword, pageNo, pageSize, signal),
  });
  const draft = useFilterDraft(list.filters, list.setFilters);
  const { confirm, dialog } = useConfirm();
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [shared, setShared] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (chosen: File | null) => {
    setFile(chosen);
    const found = chosen ? pictureProblem(chosen) : null;
    setProblem(found ? t(`boxExtras.clothes.${found}`) : null);
  };

  const add = async () => {
    if (!name.trim()) return setProblem(t('boxExtras.clothes.nameRequired'));
    if (!file) return setProblem(t('boxExtras.clothes.fileRequired'));
    const found = pictureProblem(file);
    if (found) return setProblem(t(`boxExtras.clothes.${found}`));
    setBusy(true);
    setProblem(null);
    try {
      await addWorkClothes({ file, name: name.trim(), boxId: shared ? undefined : boxId, remark: remark.trim() || undefined });
      notify('success', t('boxExtras.clothes.added'));
      setName('');
      setRemark('');
      setFile(null);
      list.reload();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = (entries: WorkClothes[]) =>
    confirm({
      title: t('boxExtras.clothes.deleteTitle'),
      // A shared picture is removed from every box's library, so the message says so.
      message: entries.some((entry) => entry.boxId === null || entry.boxId === undefined)
        ? t('boxExtras.clothes.deleteShared', { name: entries[0]?.name ?? '' })
        : t('boxExtras.clothes.deleteMessage', { name: entries[0]?.name ?? '' }),
      confirmLabel: t('actions.delete'),
      action: async () => {
        await deleteWorkClothes(entries.map((entry) => entry.id));
        notify('success', t('boxExtras.clothes.deleted', { count: entries.length }));
        list.afterDelete(entries.length);
      },
    });

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
    { key: 'createTime', header: t('boxExtras.clothes.createTime'), width: 160 },
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
        <fieldset className="work-clothes-add">
          <legend>{t('boxExtras.clothes.addTitle')}</legend>
          <label htmlFor="work-clothes-name">{t('boxExtras.clothes.name')}</label>
          <Input id="work-clothes-name" value={name} maxLength={32} onChange={setName} />
          <label htmlFor="work-clothes-remark">{t('boxExtras.clothes.remark')}</label>
          <Input id="work-clothes-remark" value={remark} maxLength={500} onChange={setRemark} />
          <label>
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.currentTarget.checked)} /> {t('boxExtras.clothes.sharedOption')}
          </label>
          <label htmlFor="work-clothes-file">{t('boxExtras.clothes.file')}</label>
          <input
            id="work-clothes-file"
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            onChange={(event) => pick(event.currentTarget.files?.[0] ?? null)}
          />
          {problem ? (
            <p className="dialog-failure" role="alert">
              {problem}
            </p>
          ) : null}
          <Button appearance="primary" size="sm" onClick={add} loading={busy}>
            {t('boxExtras.clothes.add')}
          </Button>
        </fieldset>
      ) : null}
      <ServerTable
        list={list}
        label={t('boxExtras.clothes.label')}
        columns={columns}
        describeRow={(entry) => entry.name}
        emptyText={t('boxExtras.clothes.empty')}
        filters={
          <FilterBar draft={draft} label={t('filters.label')}>
            <FilterField id="work-clothes-keyword" label={t('filters.keyword')}>
              <Input id="work-clothes-keyword" value={draft.values.keyword} onChange={(value) => draft.set('keyword', value)} />
            </FilterField>
          </FilterBar>
        }
      />
      {dialog}
    </div>
  );
}
