// Messages of target retrieval (search of the objects detected in alarms, by attributes and by images).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const retrievalMessages = {
  'retrieval.timeRange': { zh: '参数 startTime 不能晚于 endTime', en: 'startTime must not be after endTime' },
  'retrieval.futureEnd': { zh: '参数 endTime 不能晚于当前时间', en: 'endTime must not be later than now' },
  'retrieval.rangeTooLong': { zh: '时间范围不能超过 {days} 天', en: 'The time range must not exceed {days} days' },
  'retrieval.tooManyImages': { zh: '以图搜图最多 {max} 张图片', en: 'At most {max} images for an image search' },
  'retrieval.unknownAttribute': {
    zh: '参数 attributes.{key} 不是该目标类型的属性',
    en: 'attributes.{key} is not an attribute of this object type',
  },
  'retrieval.badAttributeValue': {
    zh: '参数 attributes.{key} 只能是一个取值（仅 helmetColorTag1 与 trousersColor 可多选）',
    en: 'attributes.{key} takes one value (only helmetColorTag1 and trousersColor take several)',
  },
  'retrieval.remoteImage': {
    zh: '参数 {field} 为网络地址，服务器不下载网络图片；请上传图片（data URL）',
    en: '{field} is a web address; the server does not download web images — upload the image (data URL)',
  },
  'retrieval.busy': { zh: '目标检测模型繁忙，请稍后再试', en: 'The object detector is busy; try again shortly' },
  'retrieval.imageNotFound': { zh: '参数 {field} 指向的图片不存在', en: 'The image {field} points to does not exist' },
} satisfies Catalogue;
