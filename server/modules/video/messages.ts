// Messages of the video area (clip downloads, recordings, latest frames).
import type { Catalogue } from '../../http/catalogueTypes.ts';

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
  'video.live.noStream': {
    zh: '摄像机“{name}”没有视频流（图片或离线视频摄像机，或未填写流地址），无法实时查看',
    en: 'Camera "{name}" has no stream (an image or offline-video camera, or no stream address): it cannot be viewed live',
  },
  'video.live.noBox': { zh: '摄像机“{name}”未绑定边缘盒子，无法实时查看', en: 'Camera "{name}" is bound to no edge box: it cannot be viewed live' },
  'video.live.boxOffline': {
    zh: '摄像机“{name}”所在的盒子“{box}”离线（最后心跳：{since}），无法实时查看',
    en: 'The box "{box}" of camera "{name}" is offline (last heartbeat: {since}): it cannot be viewed live',
  },
  'video.live.noSocket': {
    zh: '盒子“{box}”在线，但未与本平台保持实时连接（/api/ingest/socket），不支持实时查看',
    en: 'The box "{box}" is online but keeps no live connection with this server (/api/ingest/socket): live view is not available',
  },
  'video.live.never': { zh: '从未', en: 'never' },
  // Why a stream is down, by its kind (contract StreamErrorKind); the box's own words follow for `ended`.
  'video.stream.noData': { zh: '10 秒内没有收到数据', en: 'no data for 10 s' },
  'video.stream.noStream': { zh: '摄像机在该路径下暂时没有视频流', en: 'the camera has no stream at that path now' },
  'video.stream.address': { zh: '盒子拒绝了这个视频流地址', en: 'the box refused this stream address' },
  'video.stream.notVideo': { zh: '收到的不是可解码的视频', en: 'what arrives is not a video the box can decode' },
  'video.stream.tooLarge': { zh: '分辨率超过 4096×2160', en: 'the resolution is over 4096×2160' },
  'video.stream.ended': { zh: '连接中断', en: 'the connection ended' },
  'video.live.streamDown': {
    zh: '摄像机“{name}”的视频流自 {since} 起离线：{error}',
    en: 'The stream of camera "{name}" is offline since {since}: {error}',
  },
  'video.live.cameraFull': {
    zh: '这台摄像机的实时观看人数已达上限（{max} 个），请稍后再试',
    en: 'This camera already has as many live viewers as allowed ({max}); try again later',
  },
  'video.live.userFull': {
    zh: '您同时打开的实时画面已达上限（{max} 个），请先关闭一个',
    en: 'You already have as many live views open as allowed ({max}); close one first',
  },
  'video.live.badTicket': {
    zh: '实时画面的链接无效、已使用或已过期（有效 {seconds} 秒），请重新打开',
    en: 'The live view link is unknown, used or expired (valid {seconds} s); open the view again',
  },
  'video.live.noData': {
    zh: '盒子在 {seconds} 秒内没有发送这台摄像机的视频流',
    en: 'The box sent no stream for this camera within {seconds} s',
  },
  'video.live.ended': { zh: '视频流已结束', en: 'The stream ended' },
  'video.live.head': { zh: '实时画面只能用 GET 获取', en: 'The live stream is fetched with GET only' },
  'video.recording.continuousWithEvent': {
    zh: '连续录像片段（kind=continuous）不能带 boxEventId',
    en: 'A continuous segment (kind=continuous) carries no boxEventId',
  },
  'video.recording.diskFloor': {
    zh: '服务器磁盘剩余空间已到下限（剩余 {free}，下限 {floor}），录像未保存；最早的录像将按保留设置删除',
    en: 'The server disk is at its free-space floor ({free} free, floor {floor}): the recording was not stored; the oldest recordings are deleted as the retention settings say',
  },
  'entity.videoRecord': { zh: '录像', en: 'recording' },
  'entity.videoDownload': { zh: '视频下载任务', en: 'video download' },
} satisfies Catalogue;
