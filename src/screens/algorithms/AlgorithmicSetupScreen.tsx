// /algorithmicSetup: the setup events (custom algorithm drafts) of one algorithm-setup menu type — validate by
// default (spec §4), train, orchestrate — with their state (draft, published, changed since published) and
// whether their current param was validated; add (from a §9 preset), open in the editor, export, delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import { choicesOf, ListToolbar } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { type ButtonType, deleteDrafts, exportCustomEvent, listDrafts, type SetupEvent } from './orchestrationApi.ts';
import { NewDraftDialog } from './setup/NewDraftDialog.tsx';
import { SatausTag } from './setup/SatausTag.tsx';
import '../../components/table/serverTable.css';
import './orchestration.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['menu', 'name', 'sataus'] as const;
const MENU_TYPES: ButtonType[] = ['validate', 'train', 'orchestrate'];
const WRITE = ['algorithmicSetup', 'setUp'];

export default function AlgorithmicSetupScreen() {
  const { t } = useTranslation('algorithms');
  const holds = usePermission();
  const navigate = useNavigate();
  const list = useServerList<SetupEvent, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (row) => row.id,
    load: ({ filters, pageNo, pageSize, signal }) =>
      listDrafts(
        { name: filters.name, sataus: filters.sataus as '' | '0' | '1' | '2', buttonType: (filters.menu as ButtonType) || 'validate' },
        pageNo,
        pageSize,
        signal,
      ),
  });
  const menu: ButtonType = (list.filters.menu as ButtonType) || 'validate';
  const { confirmDelete, dialog } = useConfirm();
  const [adding, setAdding] = useState(false);

  const remove = (row: SetupEvent) =>
    confirmDelete(
      { title: t('setup.deleteTitle'), message: t(row.sataus === 0 ? 'setup.deleteDraft' : 'setup.deletePublished', { name: row.name }), done: t('setup.deleted') },
      () => deleteDrafts([row.id]),
      () => list.afterDelete(1),
    );

  const exportRow = async (row: SetupEvent) => {
    try {
      await exportCustomEvent(row.id);
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  };

  const columns: TableColumn<SetupEvent>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      flexGrow: 2,
      minWidth: 160,
      render: (row) => <Link to={`/setUp?id=${row.id}`}>{row.name}</Link>,
    },
    { key: 'customEventType', header: t('fields.customEventType'), width: 130, render: (row) => t(`types.${row.customEventType}`) },
    { key: 'sataus', header: t('fields.sataus'), width: 110, render: (row) => <SatausTag sataus={row.sataus} /> },
    {
      key: 'validated',
      header: t('fields.validated'),
      width: 110,
      render: (row) => <span className={row.validated ? 'orch-ok' : 'orch-muted'}>{t(row.validated ? 'setup.validated' : 'setup.notValidated')}</span>,
    },
    { key: 'version', header: t('fields.version'), width: 90 },
    { key: 'publishedVersion', header: t('fields.publishedVersion'), width: 110, render: (row) => row.publishedVersion ?? '—' },
    { key: 'eventId', header: t('fields.eventId'), width: 90, render: (row) => row.eventId ?? '—' },
    { key: 'userName', header: t('fields.userName'), width: 100 },
    { key: 'updateTime', kind: 'time', header: t('fields.updateTime'), width: 170 },
  ];
  if (holds(WRITE)) {
    columns.push(actionsColumn(t('fields.actions'), 190, (row) => [
      { key: 'open', label: t('actions.open'), ariaLabel: t('setup.openOf', { name: row.name }), onClick: () => navigate(`/setUp?id=${row.id}`) },
      { key: 'export', label: t('actions.export'), ariaLabel: t('setup.exportOf', { name: row.name }), onClick: () => exportRow(row) },
      { key: 'delete', label: t('actions.delete'), ariaLabel: t('setup.deleteOf', { name: row.name }), onClick: () => remove(row), danger: true },
    ]));
  }

  return (
    <ScreenFrame className="orch-screen" headerClassName="orch-header" title={t('setup.title')}>
      <div className="orch-menu" role="tablist" aria-label={t('setup.menu.label')}>
        {MENU_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={menu === type}
            className={menu === type ? 'orch-menu-item active' : 'orch-menu-item'}
            onClick={() => list.setFilters({ menu: type === 'validate' ? '' : type })}
          >
            {t(`setup.menu.${type}`)}
          </button>
        ))}
      </div>
      <ServerTable
        list={list}
        label={t('setup.title')}
        columns={columns}
        emptyText={t('setup.empty')}
        toolbar={
          <ListToolbar
            id="orch"
            list={list}
            label={t('setup.filters')}
            // Reset clears the fields, not the tab the list is on.
            keepOnReset={['menu']}
            fields={[
              { kind: 'text', key: 'name', label: t('fields.name'), maxLength: 32 },
              { kind: 'select', key: 'sataus', label: t('fields.sataus'), choices: choicesOf([0, 1, 2], (s) => t(`sataus.${s}`)), placeholder: t('setup.anyState') },
            ]}
            actions={[{ key: 'add', label: t('setup.add'), primary: true, shown: holds(WRITE), onClick: () => setAdding(true) }]}
          />
        }
      />
      <NewDraftDialog
        open={adding}
        buttonType={menu}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          notify('success', t('setup.created'));
          navigate(`/setUp?id=${id}`);
        }}
      />
      {dialog}
    </ScreenFrame>
  );
}
