// Scenes (spec §7 "Scenes"): paged by name, with their derived state (1 started, 0 not started, §4), created,
// edited and deleted (confirmed; a scene that cameras still use is not deleted: the dialog says how many use it).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { actionsColumn } from '../../../components/table/CellActions.tsx';
import { useConfirm } from '../../../components/table/ConfirmDialog.tsx';
import { ListToolbar } from '../../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../../components/table/ServerTable.tsx';
import { useServerList } from '../../../components/table/useServerList.ts';
import { deleteScenes, listScenes, type Scene } from './otherApi.ts';
import { SceneFormDialog } from './SceneFormDialog.tsx';

export function ScenesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('devices');
  const list = useServerList<Scene, 'sceneName'>({
    filterKeys: ['sceneName'],
    rowKey: (scene) => scene.id,
    load: ({ filters, pageNo, pageSize, signal }) => listScenes(filters.sceneName, pageNo, pageSize, signal),
  });
  const { confirm, confirmDelete, dialog } = useConfirm();
  const [editing, setEditing] = useState<Scene | 'new' | null>(null);

  const remove = (scene: Scene) => {
    // A scene that cameras use is not deleted (the server refuses it too, also when a camera joined meanwhile).
    if (scene.cameraCount > 0) {
      confirm({ title: t('other.sceneInUseTitle'), message: t('other.sceneInUse', { name: scene.sceneName, count: scene.cameraCount }) });
      return;
    }
    confirmDelete(
      { title: t('other.sceneDeleteTitle'), message: t('other.sceneDeleteOne', { name: scene.sceneName }), done: t('other.sceneDeleted') },
      () => deleteScenes([scene.id]),
      () => list.afterDelete(1),
    );
  };

  const columns: TableColumn<Scene>[] = [
    { key: 'sceneName', header: t('fields.sceneName'), flexGrow: 1, minWidth: 160, sortable: true },
    { key: 'status', header: t('columns.state'), width: 100, render: (scene) => t(`other.sceneStatus.${scene.status}`) },
    { key: 'cameraCount', header: t('other.sceneCameras'), width: 100, align: 'center' },
    { key: 'remark', header: t('fields.remark'), flexGrow: 1, minWidth: 160 },
    actionsColumn(t('columns.actions'), 140, (scene) => [
      { key: 'edit', label: t('actions.edit'), shown: canWrite, onClick: () => setEditing(scene) },
      { key: 'delete', label: t('actions.delete'), shown: canWrite, danger: true, onClick: () => remove(scene) },
    ]),
  ];

  return (
    <section className="panel" aria-labelledby="scenes-title">
      <h2 id="scenes-title">{t('other.scenes')}</h2>
      <ServerTable
        list={list}
        label={t('other.scenes')}
        columns={columns}
        emptyText={t('other.sceneEmpty')}
        toolbar={
          <ListToolbar
            id="scene"
            list={list}
            label={t('filters.label')}
            // The contract bounds the name at 32 (listScenes).
            fields={[{ kind: 'text', key: 'sceneName', label: t('fields.sceneName'), maxLength: 32 }]}
            actions={[{ key: 'add', label: t('other.sceneAdd'), primary: true, shown: canWrite, onClick: () => setEditing('new') }]}
          />
        }
      />
      <SceneFormDialog
        target={editing}
        anyScene={list.rows[0]?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notify('success', t('other.sceneSaved'));
          list.reload();
        }}
      />
      {dialog}
    </section>
  );
}
