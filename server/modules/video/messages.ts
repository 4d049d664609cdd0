// Messages of the video area (clip downloads, recordings, latest frames).
import type { Catalogue } from '../../http/messages.ts';

export const videoMessages = {
  'video.timeOrder': { zh: '参数 startTime 必须早于 endTime', en: 'startTime must be before endTime' },
  'video.endInFuture': { zh: '参数 endTime 不能晚于当前时间', en: 'endTime must not be later than now' },
  'video.tooLong': { zh: '视频时长最多 {hours} 小时', en: 'A clip covers at most {hours} hours' },
  'video.tooManyJobs': {
    zh: '您已有 {count} 个下载任务在等待或进行中，请稍后再试',
    en: 'Downloads of yours already pending or running: {count}; try again later',
  },
  'video.noRecording': { zh: '该时间段内没有这台摄像机的录像', en: 'No recording of this camera covers the range' },
  'video.tooManyClips': {
    zh: '该时间段的录像片段超过 {max} 个，请缩小时间范围',
    en: 'More than {max} recordings fall in the range; choose a shorter one',
  },
  'video.noFfmpeg': {
    zh: '服务器未找到 ffmpeg 程序，无法处理视频',
    en: 'The server has no ffmpeg binary, so it cannot process video',
  },
  'video.interrupted': { zh: '服务器在处理过程中停止，下载未完成', en: 'The server stopped while the download was being made; it did not finish' },
  'video.joinFailed': { zh: '录像拼接失败：{detail}', en: 'Joining the recordings failed: {detail}' },
  'video.noSnapshot': { zh: '未获取到快照', en: 'No snapshot obtained' },
  'video.badTime': { zh: '参数 {field} 不是有效的时间', en: '{field} is not a valid time' },
  'video.futureTime': { zh: '参数 endTime 不能晚于当前时间 60 秒以上', en: 'endTime must not be more than 60 s in the future' },
  'video.recordingTooLong': { zh: '录像片段最长 {seconds} 秒', en: 'A recording is at most {seconds} s long' },
  'video.noSuchAlarm': { zh: '该盒子没有上报过 boxEventId 为 {boxEventId} 的告警', en: 'This box posted no alarm with boxEventId {boxEventId}' },
  'video.badClip': { zh: '参数 clip 不是完整的 MP4 视频（{reason}）', en: 'clip is not a complete MP4 video ({reason})' },
  'entity.videoRecord': { zh: '录像', en: 'recording' },
  'entity.videoDownload': { zh: '视频下载任务', en: 'video download' },
} satisfies Catalogue;
