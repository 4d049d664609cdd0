// Messages of the video area (clip downloads, recordings, latest frames).
import type { Catalogue } from '../../http/messages.ts';

export const videoMessages = {
  'video.timeOrder': { zh: '参数 startTime 必须早于 endTime', en: 'startTime must be before endTime' },
  'video.endInFuture': { zh: '参数 endTime 不能晚于当前时间', en: 'endTime must not be later than now' },
  'video.tooLong': { zh: '视频时长最多 {hours} 小时', en: 'A clip covers at most {hours} hours' },
  'video.tooManyJobs': {
    zh: '您已有 {count} 个下载任务在等待或进行中，请稍后再试',
    en: 'You already have {count} downloads pending or running; try again later',
  },
  'video.noMediaService': {
    zh: '未配置流媒体服务，无法获取录像',
    en: 'No media service is configured, so the recording cannot be fetched',
  },
  'video.noSnapshot': { zh: '未获取到快照', en: 'No snapshot obtained' },
  'entity.videoDownload': { zh: '视频下载任务', en: 'video download' },
} satisfies Catalogue;
