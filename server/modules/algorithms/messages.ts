// Messages of the algorithms area (orchestration: setup events, validation, publishing, exports).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const algorithmMessages = {
  'algorithms.entity.setupEvent': { zh: '算法编排', en: 'setup event' },
  'algorithms.entity.presetEvent': { zh: '预置事件', en: 'preset event' },
  'algorithms.entity.eventType': { zh: '事件类型', en: 'event type' },
  'algorithms.field.name': { zh: '算法名称', en: 'Algorithm name' },
  'algorithms.badParam': { zh: '参数 param 中的 {field} 无效：{rule}', en: 'Invalid {field} in param: {rule}' },
  'algorithms.rule.notJson': { zh: '不是有效的 JSON', en: 'not valid JSON' },
  'algorithms.rule.notObject': { zh: '必须是 JSON 对象', en: 'must be a JSON object' },
  'algorithms.rule.type': { zh: '类型不正确', en: 'wrong type' },
  'algorithms.rule.range': { zh: '超出允许范围', en: 'out of range' },
  'algorithms.rule.tooMany': { zh: '最多 20 个识别提示词', en: 'at most 20 prompts' },
  'algorithms.rule.length': { zh: '每个提示词 1–32 个字符', en: 'each prompt must be 1–32 characters' },
  'algorithms.notValidated': {
    zh: '“{name}”的参数自上次修改后尚未在图片上验证，请先验证再发布',
    en: '"{name}" has not been validated on an image since its param last changed; validate it before publishing',
  },
  'algorithms.versionNotGreater': {
    zh: '版本号 {version} 必须大于已发布的版本 {current}',
    en: 'Version {version} must be greater than the published version {current}',
  },
  'algorithms.eventInUse': {
    zh: '“{name}”发布的事件仍在 {count} 处摄像头或场景配置中使用，不能删除',
    en: '"{name}" published an event that {count} camera or scene configurations still use; it cannot be deleted',
  },
  'algorithms.noPrompts': {
    zh: '没有可验证的识别提示词：请在识别设置中填写提示词',
    en: 'There are no recognition prompts to validate: add prompts in the recognition settings',
  },
  'algorithms.badPromptsField': {
    zh: 'prompts 必须是最多 20 个、每个 1–32 个字符的字符串 JSON 数组',
    en: 'prompts must be a JSON array of at most 20 strings of 1–32 characters',
  },
  'algorithms.badThreshold': { zh: 'boxThreshold 必须是 0 到 1 之间的数', en: 'boxThreshold must be a number from 0 to 1' },
  'algorithms.badId': { zh: 'id 必须是正整数', en: 'id must be a positive integer' },
  'algorithms.tooManyImages': { zh: '一次最多验证 10 张图片', en: 'At most 10 images can be validated at a time' },
  'algorithms.imageUndecodable': { zh: '图片 {file} 无法解码或尺寸过大', en: 'The image {file} cannot be decoded or is too large' },
  'algorithms.detectorBusy': { zh: '检测模型繁忙，请稍后再试', en: 'The detector is busy; please try again shortly' },
  'algorithms.detectorFailed': { zh: '检测模型运行失败', en: 'The detector failed' },
  'algorithms.mallTypeMissing': {
    zh: '发布需要编码为 {code} 的模型类型，但它已不存在，且名称“{name}”已被另一个模型类型占用，无法自动重建：请把该类型的编码改回 {code}，或新增一个编码为 {code} 的模型类型',
    en: 'Publishing needs the model type with code {code}; it no longer exists and cannot be recreated because its name "{name}" is taken by another model type: change that type\'s code back to {code}, or add a model type with code {code}',
  },
} satisfies Catalogue;
