// Messages of the tasks area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const taskMessages = {
  'tasks.cameraHasTask': { zh: '该设备已有检测任务（id {id}）', en: 'The camera already has a detection task (id {id})' },
} satisfies Catalogue;
