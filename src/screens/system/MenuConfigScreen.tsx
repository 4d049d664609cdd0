// /menuConfig: the whole module tree (menus and buttons, hidden ones too) with number, type, icon, typeIds,
// order and visibility; add at the top or under a menu, edit or move, delete with confirmation (the server
// refuses while children remain). A new module can be given to the editor's own role as it is created; the
// editor's side menu is loaded again after every change, other users' on their next menu load.
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tag from 'rsuite/Tag';
import 'rsuite/Tag/styles/index.css';
import { menuLabel } from '../../app/menu.ts';
import { notify } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useSessionActor } from '../../app/session.tsx';
import { refreshMenu } from '../../app/sessionService.ts';
import { OpenedOnce } from '../../components/data/OpenedOnce.tsx';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { TableColumn } from '../../components/table/ServerTable.tsx';
import { KeywordTreeToolbar } from '../../components/tree/KeywordTreeToolbar.tsx';
import { TreeTable } from '../../components/tree/TreeTable.tsx';
import { useKeywordTree } from '../../components/tree/useKeywordTree.ts';
import type { MenuTarget } from './menus/MenuFormModal.tsx';
import { deleteModule, type MenuModule, moduleTree } from './menus/menusApi.ts';
import './shared/systemScreens.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

// The form dialog (its fields, pickers and their styles) loads at its first opening.
const MenuFormModal = lazy(() => import('./menus/MenuFormModal.tsx').then((module) => ({ default: module.MenuFormModal })));

export default function MenuConfigScreen() {
  const { t, i18n } = useTranslation('system');
  const canWrite = usePermission()('menuConfig');
  const modules = useKeywordTree(moduleTree);
  const { confirmDelete, dialog } = useConfirm();
  const [target, setTarget] = useState<MenuTarget>(null);

  const session = useSessionActor();
  const refresh = () => {
    modules.reload();
    void refreshMenu(session);
  };
  const name = (module: MenuModule) => menuLabel(module, i18n.language);

  const remove = (module: MenuModule) =>
    confirmDelete(
      { title: t('menus.deleteTitle'), message: t('menus.deleteOne', { name: name(module), number: module.moduleNumber }), done: t('menus.deleted') },
      () => deleteModule(module.id),
      refresh,
    );

  const columns: TableColumn<MenuModule>[] = [
    { key: 'moduleName', header: t('menus.fields.name'), flexGrow: 2, minWidth: 200, render: name },
    // A menu's number (its route) and icon are codes, no language: marked so for people and their translators.
    { key: 'moduleNumber', header: t('menus.fields.moduleNumber'), flexGrow: 1, minWidth: 150, render: (module) => <span translate="no">{module.moduleNumber}</span> },
    {
      key: 'moduleType',
      header: t('menus.fields.moduleType'),
      width: 90,
      render: (module) => <Tag color={module.moduleType === 'button' ? 'violet' : 'blue'}>{t(`menus.type.${module.moduleType}`)}</Tag>,
    },
    { key: 'moduleIcon', header: t('menus.fields.moduleIcon'), width: 100, render: (module) => <span translate="no">{module.moduleIcon}</span> },
    { key: 'moduleDescription', header: t('menus.fields.typeIds'), width: 130 },
    { key: 'sort', header: t('menus.fields.sort'), width: 70, align: 'right' },
    {
      key: 'visible',
      header: t('menus.fields.visible'),
      width: 80,
      render: (module) => (module.visible ? t('menus.shown') : <Tag>{t('menus.hidden')}</Tag>),
    },
  ];
  if (canWrite) {
    columns.push(actionsColumn(t('table.actions'), 220, (module) => [
      {
        key: 'addChild',
        label: t('menus.addChild'),
        ariaLabel: t('menus.addChildOf', { name: name(module) }),
        onClick: () => setTarget({ kind: 'new', parentId: module.id }),
        shown: module.moduleType === 'menu',
      },
      { key: 'edit', label: t('actions.edit'), ariaLabel: t('menus.editOf', { name: name(module) }), onClick: () => setTarget({ kind: 'edit', module }) },
      { key: 'delete', label: t('actions.delete'), ariaLabel: t('menus.deleteOf', { name: name(module) }), onClick: () => remove(module), danger: true },
    ]));
  }

  return (
    <ScreenFrame className="system-screen" headerClassName="system-screen-header" title={t('menus.title')}>
      <TreeTable
        tree={modules.shown}
        columns={columns}
        label={t('menus.title')}
        emptyText={modules.keyword ? t('table.noMatch') : t('menus.empty')}
        toolbar={
          <KeywordTreeToolbar
            idPrefix="menu"
            draft={modules.draft}
            keywordLabel={t('menus.keyword')}
            perm="menuConfig"
            addLabel={t('menus.add')}
            onAdd={() => setTarget({ kind: 'new', parentId: 0 })}
            // A new menu goes after the last top-level one (nextSort): before the tree is in, its order would be 0,
            // and the first menu is everyone's main page. Seen in a clean-clone e2e run on a loaded machine.
            addDisabled={modules.whole.status !== 'ready'}
          />
        }
      />
      <OpenedOnce open={target !== null} onLoadFailed={() => setTarget(null)}>
        <MenuFormModal
          target={target}
          tree={modules.whole.data}
          onClose={() => setTarget(null)}
          onSaved={(granted) => {
            if (target?.kind !== 'new') notify('success', t('menus.saved'));
            else if (granted) notify('success', t('menus.createdGranted'));
            // Not in any role yet: say where it comes to a menu, so nobody wonders why the side menu lacks it.
            else notify('warning', t('menus.createdUngranted'));
            setTarget(null);
            refresh();
          }}
        />
      </OpenedOnce>
      {dialog}
    </ScreenFrame>
  );
}
