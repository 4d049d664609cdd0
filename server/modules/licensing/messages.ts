// Messages of the licensing area (authorization applications, licence applications, activation codes).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const licensingMessages = {
  'licensing.entity.authorization': { zh: '授权申请', en: 'authorization application' },
  'licensing.entity.licApply': { zh: '许可证申请', en: 'licence application' },
  'licensing.entity.activation': { zh: '激活码', en: 'activation code' },
  'licensing.entity.box': { zh: '边缘盒子', en: 'edge box' },
  'licensing.status.0': { zh: '已申请', en: 'applied' },
  'licensing.status.1': { zh: '已批准', en: 'granted' },
  'licensing.status.2': { zh: '已分配', en: 'arranged' },
  'licensing.status.3': { zh: '已驳回', en: 'rejected' },
  'licensing.status.4': { zh: '已过期', en: 'expired' },
  'licensing.wrongStatus': {
    zh: '授权申请 {applyNo} 当前为“{status}”，不能{action}',
    en: 'Authorization application {applyNo} is {status}; it cannot be {action}',
  },
  'licensing.action.edit': { zh: '修改', en: 'edited' },
  'licensing.action.delete': { zh: '删除', en: 'deleted' },
  'licensing.action.grant': { zh: '批准或驳回', en: 'granted or rejected' },
  'licensing.action.arrange': { zh: '分配', en: 'arranged' },
  'licensing.grantNeedsQuantity': { zh: '批准时必须填写批准路数（grantedQuantity）', en: 'grantedQuantity is required to grant' },
  'licensing.grantTooMany': {
    zh: '批准路数（grantedQuantity）{granted} 超过申请路数 {quantity}',
    en: 'grantedQuantity {granted} is more than the {quantity} channels applied for',
  },
  'licensing.validToPast': { zh: '有效期（validTo）必须晚于现在', en: 'validTo must be in the future' },
  'licensing.arrangeTooMany': {
    zh: '分配路数合计 {total} 超过批准路数（grantedQuantity）{granted}',
    en: 'The items add up to {total} channels, more than the {granted} granted (grantedQuantity)',
  },
  'licensing.arrangeRepeat': { zh: '边缘盒子 {boxId} 在 items 中重复', en: 'Edge box {boxId} appears more than once in items' },
  'licensing.arrangeStuck': {
    zh: '边缘盒子“{box}”在 {minutes} 分钟内未取走分配（离线？）',
    en: 'Edge box "{box}" did not take the arrangement within {minutes} minutes (offline?)',
  },
  'licensing.licPending': { zh: '机器码 {machineCode} 已有待处理的许可证申请', en: 'Machine code {machineCode} already has a pending licence application' },
  'licensing.licNotPending': { zh: '许可证申请已处理，不能再修改申请内容', en: 'The licence application has been decided; its fields can no longer change' },
  'licensing.licNeedsCode': { zh: '签发（status 1）时必须填写许可证（licenceCode）', en: 'licenceCode is required to issue (status 1)' },
  'licensing.code.malformed': {
    zh: '激活码格式无效（应为 ARGS1.<内容>.<签名>）',
    en: 'The activation code is malformed (expected ARGS1.<claims>.<signature>)',
  },
  'licensing.code.forged': {
    zh: '激活码签名校验失败：内容被篡改或不是本系统签发的',
    en: 'The activation code signature does not verify: it was altered or not issued by this system',
  },
  'licensing.code.foreign': {
    zh: '激活码属于另一套安装（{installation}），不能在本系统使用',
    en: 'The activation code belongs to another installation ({installation}) and cannot be used here',
  },
  'licensing.code.expired': { zh: '激活码已于 {time} 过期，未在期限内激活', en: 'The activation code expired at {time}: it was not activated in time' },
  'licensing.code.unknown': { zh: '本系统未签发此激活码（可能已删除）', en: 'This system issued no such activation code (it may have been deleted)' },
  'licensing.code.used': { zh: '激活码已于 {time} 激活到设备 {device}', en: 'The activation code was already activated on device {device} at {time}' },
  'licensing.code.activatedNoDelete': { zh: '激活码 {id} 已激活（绑定设备），不能删除', en: 'Activation code {id} is activated (bound to a device) and cannot be deleted' },
} satisfies Catalogue;
