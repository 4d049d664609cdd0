// Messages of the cameras area (the camera catalogue and control units).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const cameraMessages = {
  'cameras.deviceLinked': { zh: '该设备已关联点位 {code}', en: 'The device is already linked to catalogue camera {code}' },
  'cameras.unitCycle': { zh: '不能把管理单元移动到它自己或它的下级单元之下', en: 'A control unit cannot be moved under itself or one of its descendants' },
  'cameras.unitHasCameras': { zh: '管理单元下还有点位，不能删除', en: 'The control unit still has cameras and cannot be deleted' },
} satisfies Catalogue;
