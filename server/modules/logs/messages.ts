// Messages of the logs area.
import type { Catalogue } from '../../http/catalogueTypes.ts';

export const logMessages = {
  'logs.timeRange': { zh: '参数 startTime 不能晚于 endTime', en: 'startTime must not be after endTime' },
} satisfies Catalogue;
