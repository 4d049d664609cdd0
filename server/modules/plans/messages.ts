// Messages of the plans area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const planMessages = {
  'plans.weeksOrDate': { zh: '参数 weeks 与 onceDate 须且只能填写一个（重复执行选星期，单次执行选日期）', en: 'Give either weeks (a repeating plan) or onceDate (a one-off plan), exactly one of them' },
  'plans.onceInPast': { zh: '参数 onceDate 的执行时间 {when} 已过', en: 'onceDate: the run time {when} is in the past' },
} satisfies Catalogue;
