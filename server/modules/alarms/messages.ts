// Messages of the alarms area (alarm centre, ingest, error-detection library, labelling).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const alarmMessages = {
  'alarms.invalid': { zh: '{detail}', en: '{detail}' },
  'alarms.timeRange': { zh: '参数 startTime 不能晚于 endTime', en: 'startTime must not be after endTime' },
  'alarms.notFoundAny': { zh: '告警不存在或已删除', en: 'None of the alarms exist (or they were deleted)' },
  'alarms.conflict.batch': {
    zh: '{count} 条告警未能处理：已被他人处理或状态不符（如告警 {id} 当前为“{status}”，处理人 {user}）',
    en: '{count} {count|alarm|alarms} could not be handled: already handled or in another state (e.g. alarm {id} is {status}, handled by {user})',
  },
  'alarms.conflict.state': {
    zh: '告警 {id} 当前为“{status}”（处理人 {user}，{time}），不能{action}',
    en: 'Alarm {id} is {status} (handled by {user} at {time}); it cannot be {action}',
  },
  'alarms.status.0': { zh: '未处理', en: 'new' },
  'alarms.status.1': { zh: '已确认', en: 'confirmed' },
  'alarms.status.2': { zh: '已忽略', en: 'ignored' },
  'alarms.status.3': { zh: '已处置', en: 'dealt' },
  'alarms.status.4': { zh: '已核查', en: 'checked' },
  'alarms.action.deal': { zh: '处置', en: 'dealt with' },
  'alarms.action.check': { zh: '核查', en: 'checked' },
  'alarms.action.again': { zh: '退回重办', en: 'sent back' },
  'alarms.nobody': { zh: '无', en: 'nobody' },
  'alarms.checkerIsHandler': {
    zh: '告警 {id} 由您处置，按系统设置“核查人不能是处置人”，需由其他人核查',
    en: 'You dealt with alarm {id}; the system setting "the checker is not the handler" requires someone else to check it',
  },
  'alarms.undo.changed': {
    zh: '告警 {id} 在确认后已有变化（或已不是“已确认”），不能撤销',
    en: 'Alarm {id} has changed since it was confirmed (or is no longer confirmed); the confirmation cannot be undone',
  },
  'alarms.undo.notYours': { zh: '告警 {id} 是由他人确认的，不能撤销', en: 'Someone else confirmed alarm {id}; only they can undo it' },
  'alarms.undo.late': { zh: '告警 {id} 确认已超过 1 分钟，不能撤销', en: 'Alarm {id} was confirmed more than a minute ago; it cannot be undone' },
  'alarms.checkRemark': { zh: '核查不合格时参数 remark 不能为空', en: 'remark is required when the check result is 2 (unqualified)' },
  'alarms.ingest.unknownType': {
    zh: '参数 eventType 不是已知的事件类型编号（违法 1–50，道路事件 1001–1024）',
    en: 'eventType is not a known event type id (violations 1–50, road events 1001–1024)',
  },
  'alarms.ingest.futureTime': {
    zh: '参数 alarmTime 不能晚于当前时间 60 秒以上',
    en: 'alarmTime must not be more than 60 s in the future',
  },
  'alarms.ingest.badJson': { zh: '参数 {field} 不是有效的 JSON：{detail}', en: '{field} is not valid JSON: {detail}' },
  'alarms.ingest.boxOutside': {
    zh: '参数 box 超出快照范围（{width}×{height}）',
    en: 'box lies outside the snapshot ({width}×{height})',
  },
  'alarms.ingest.badAttributes': {
    zh: '参数 attributes 应为对象，键不超过 64 个字符，值为字符串、数字或布尔值',
    en: 'attributes must be an object with keys of at most 64 characters and string, number or boolean values',
  },
  'alarms.ingest.foreignCamera': {
    zh: '摄像机 {cameraId} 未绑定到该边缘盒子',
    en: 'Camera {cameraId} is not bound to this edge box',
  },
  'alarms.ingest.rateLimited': {
    zh: '该边缘盒子上报过于频繁（每秒最多 {max} 条）',
    en: 'This edge box sends too many alarms (at most {max} per second)',
  },
  'alarms.ingest.notImage': {
    zh: '参数 {field} 不是可解析的 JPEG/PNG 图片',
    en: '{field} is not a readable JPEG/PNG image',
  },
  'alarms.image.badBase64': { zh: '参数 imageBase64 不是有效的 base64 数据', en: 'imageBase64 is not valid base64' },
  'alarms.image.limit': { zh: '每条告警最多附加 {max} 张图片', en: 'An alarm can have at most {max} images' },
  'alarms.errLib.boxOutside': {
    zh: '参数 box 超出告警图片范围（{width}×{height}）',
    en: 'box lies outside the alarm image ({width}×{height})',
  },
  'alarms.errLib.notInLib': { zh: '告警 {id} 不在误报库中', en: 'Alarm {id} is not in the error-detection library' },
  'alarms.labelStudio.notConfigured': {
    zh: '未配置标注服务（labelStudioUrl）',
    en: 'No labelling service is configured (labelStudioUrl)',
  },
  'alarms.labelStudio.noProject': { zh: '标注项目“{project}”不存在', en: 'Labelling project "{project}" does not exist' },
  'alarms.labelStudio.failed': {
    zh: '标注服务调用失败：{detail}',
    en: 'The labelling service failed: {detail}',
  },
  'alarms.export.tooManyImages': { zh: '带图片导出最多 {max} 条告警，请缩小范围', en: 'An export with images holds at most {max} alarms; narrow it down' },
  'alarms.ingest.eventDisabled': { zh: '事件 {eventType} 已停用，不产生告警', en: 'The event {eventType} is disabled and raises no alarms' },
  'alarms.export.nothing': { zh: '没有可导出的告警', en: 'There are no alarms to export' },
  'alarms.imageMissing': { zh: '告警 {id} 的图片已不存在', en: 'The image of alarm {id} no longer exists' },
  'entity.alarm': { zh: '告警', en: 'alarm' },
  'entity.camera': { zh: '摄像机', en: 'camera' },
} satisfies Catalogue;
