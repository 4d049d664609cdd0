// Messages of the stats area (event statistics and their export).
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const statsMessages = {
  'stats.futureDate': { zh: '参数 {field} 不能晚于今天', en: '{field} must not be later than today' },
  'stats.dateOrder': { zh: '参数 startDate 不能晚于 endDate', en: 'startDate must not be after endDate' },
  'stats.rangeTooLong': { zh: '统计范围最多 {max} 天', en: 'The range covers at most {max} days' },
  'stats.export.nothing': { zh: '没有可导出的统计数据', en: 'There are no statistics to export' },
  'stats.timeOrder': { zh: '参数 startTime 不能晚于 endTime', en: 'startTime must not be after endTime' },
  'stats.windowTooLong': { zh: '时间范围最多 {max} 天', en: 'The time range covers at most {max} days' },
  'stats.flow.minute': { zh: 'records[{index}].minute 必须是整分钟，且在最近 30 天内、不晚于现在', en: 'records[{index}].minute must be a whole minute within the last 30 days, not in the future' },
  'stats.flow.foreignCamera': { zh: '摄像机 {cameraId} 未绑定到此边缘盒子', en: 'Camera {cameraId} is not bound to this edge box' },
  'stats.resource.noNode': { zh: '没有资源节点 {nodeId}', en: 'There is no resource node {nodeId}' },
} satisfies Catalogue;
