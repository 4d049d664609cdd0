// Messages of the config area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const configMessages = {
  'config.empty': {
    zh: '参数 (body) 至少需要一个可修改的配置项',
    en: '(body) must set at least one configuration key that can be changed',
  },
  'config.badPreference': { zh: '参数 value 对 {key} 无效：{rule}', en: 'value is invalid for {key}: {rule}' },
  'config.rule.corner': { zh: '只能是 1、2、3、4 之一（弹窗所在的角）', en: 'must be one of 1, 2, 3, 4 (the dialog corner)' },
  'config.rule.zeroOrOne': { zh: '只能是 0 或 1', en: 'must be 0 or 1' },
} satisfies Catalogue;
