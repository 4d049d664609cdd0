// Messages of the edgeBox area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const edgeBoxMessages = {
  'edgeBox.hasDevices': { zh: '边缘盒子“{name}”下还绑定了设备，请先解绑', en: 'Edge box "{name}" still has devices bound; unbind them first' },
  'edgeBox.offline': { zh: '边缘盒子“{name}”离线', en: 'Edge box "{name}" is offline' },
  'edgeBox.cameraOnOtherBox': { zh: '设备“{name}”已绑定到其他边缘盒子', en: 'Device "{name}" is bound to another edge box' },
  'edgeBox.cameraNotOnBox': { zh: '设备“{name}”未绑定到该边缘盒子', en: 'Device "{name}" is not bound to this edge box' },
  'edgeBox.governanceClosed': { zh: '治理任务{status}，不能修改', en: 'The governance task is {status} and cannot be changed' },
  'edgeBox.status.finished': { zh: '已结束', en: 'finished' },
  'edgeBox.status.cancelled': { zh: '已取消', en: 'cancelled' },
  'edgeBox.rule.startBeforeEnd': { zh: '开始时间须早于结束时间', en: 'must be before the end time' },
  'edgeBox.rule.endInPast': { zh: '结束时间不能早于当前时间', en: 'must not be in the past' },
  'edgeBox.rule.atMost15Days': { zh: '任务时长不能超过 15 天', en: 'the task cannot last more than 15 days' },
  'edgeBox.rule.clothesName': { zh: '长度须为 1 到 32 个字符', en: 'must be 1 to 32 characters' },
  'edgeBox.rule.remarkLength': { zh: '长度不能超过 500 个字符', en: 'must be at most 500 characters' },
} satisfies Catalogue;
