// The statistics screens' operations: alarm trend, outlet and site statistics, large-model statistics, each with
// its .xlsx export (the same figures, one row each), and the export of a node's resource history.
import { ApiError } from '../../http/apiError.ts';
import { FileReply, type HandlerMap, XLSX_TYPE } from '../../http/handler.ts';
import type { Lang } from '../../http/messages.ts';
import { type CellValue, writeXlsx } from '../../http/xlsx.ts';
import { typeName } from '../alarms/eventTypes.ts';
import { timestamp } from '../alarms/exportHandlers.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { alarmTrend } from './alarmTrend.ts';
import { flowStats } from './flowStats.ts';
import { modelCallStats } from './modelCallStats.ts';
import { resourceHandlers } from './resourceHandlers.ts';
import { siteStats } from './siteStats.ts';

const NO_SCENE: Record<Lang, string> = { zh: '未分配场景', en: 'No scene' };
const NO_GROUP: Record<Lang, string> = { zh: '未归属', en: 'None' };

const headers = {
  trend: { zh: ['时间', '合计', '交通违法', '道路事件', '已处理'], en: ['Time', 'Total', 'Violations', 'Road events', 'Handled'] },
  sites: {
    zh: ['场景', '摄像机', '在线', '分析中', '边缘盒子', '告警', '已处理', '最多的类型'],
    en: ['Site', 'Cameras', 'Online', 'Analysed', 'Edge boxes', 'Alarms', 'Handled', 'Most frequent type'],
  },
  outlets: { zh: ['点位（摄像机）', '场景', '告警', '已处理', '在线'], en: ['Outlet (camera)', 'Site', 'Alarms', 'Handled', 'Online'] },
  models: {
    zh: ['模型', '调用接口', '调用次数', '失败', '成功率', '平均耗时 (ms)', 'P95 耗时 (ms)'],
    en: ['Model', 'Operation', 'Calls', 'Failed', 'Success rate', 'Average latency (ms)', 'P95 latency (ms)'],
  },
  flow: { zh: ['分组', '进', '出', '最忙时段', '最忙时段人次'], en: ['Group', 'In', 'Out', 'Busiest hour', 'Busiest hour count'] },
  flowSeries: { zh: ['时间', '进', '出'], en: ['Time', 'In', 'Out'] },
  resource: {
    zh: ['时间', 'CPU (%)', '内存 (%)', '磁盘 (%)', 'GPU (%)', '显存 (%)', '接收 (B/s)', '发送 (B/s)'],
    en: ['Time', 'CPU (%)', 'Memory (%)', 'Disk (%)', 'GPU (%)', 'Video memory (%)', 'Received (B/s)', 'Sent (B/s)'],
  },
} as const;
const yes: Record<Lang, [string, string, string]> = { zh: ['是', '否', '—'], en: ['yes', 'no', '—'] };

async function sheet(lang: Lang, name: string, header: readonly string[], rows: CellValue[][], file: string): Promise<FileReply> {
  if (rows.length === 0) throw new ApiError(404, 'stats.export.nothing');
  const buffer = await writeXlsx({ lang, name, header: [...header], rows, widths: header.map((h, i) => (i === 0 ? 22 : Math.max(10, h.length + 4))) });
  return new FileReply(buffer, XLSX_TYPE, `${file}-${timestamp(new Date())}.xlsx`);
}

export const screenHandlers: HandlerMap = {
  async getAlarmTrend({ db, body, lang }: Ctx<'getAlarmTrend'>) {
    return alarmTrend(db, body, lang);
  },

  async exportAlarmTrend({ db, body, lang }: Ctx<'exportAlarmTrend'>) {
    const trend = await alarmTrend(db, body, lang);
    if (trend.total === 0) throw new ApiError(404, 'stats.export.nothing');
    const header = [...headers.trend[lang], ...trend.types.map((t) => t.eventTypeName)];
    const rows = trend.points.map((p, i) => [p.time, p.total, p.violation, p.road, p.handled, ...trend.types.map((t) => t.counts[i])]);
    return sheet(lang, lang === 'zh' ? '告警趋势' : 'Alarm trend', header, rows, 'alarm-trend');
  },

  async getSiteStats({ db, body, lang }: Ctx<'getSiteStats'>) {
    return siteStats(db, body, NO_SCENE[lang]);
  },

  async exportSiteStats({ db, body, lang }: Ctx<'exportSiteStats'>) {
    const stats = await siteStats(db, body, NO_SCENE[lang]);
    const [y, n, unknown] = yes[lang];
    const rows: CellValue[][] = [
      ...stats.sites.map((s) => [s.sceneName, s.cameras, s.camerasOnline, s.camerasRunning, s.boxes, s.alarms, s.handled, s.topEventType ? typeName(s.topEventType, lang) : '']),
      [],
      [...headers.outlets[lang]],
      ...stats.outlets.map((o) => [o.cameraName, o.sceneName ?? '', o.alarms, o.handled, o.online === null ? unknown : o.online ? y : n]),
    ];
    return sheet(lang, lang === 'zh' ? '网点统计' : 'Site statistics', headers.sites[lang], rows, 'site-statistics');
  },

  async getModelCallStats({ db, body }: Ctx<'getModelCallStats'>) {
    return modelCallStats(db, body);
  },

  async exportModelCallStats({ db, body, lang }: Ctx<'exportModelCallStats'>) {
    const stats = await modelCallStats(db, body);
    const rows = stats.models.map((m) => [m.model, m.operation, m.calls, m.failed, m.successRate, m.latencyAvgMs, m.latencyP95Ms]);
    return sheet(lang, lang === 'zh' ? '大模型统计' : 'Model statistics', headers.models[lang], rows, 'model-statistics');
  },

  async getFlowStats({ db, body, lang }: Ctx<'getFlowStats'>) {
    return flowStats(db, body, NO_GROUP[lang]);
  },

  async exportFlowStats({ db, body, lang }: Ctx<'exportFlowStats'>) {
    const stats = await flowStats(db, body, NO_GROUP[lang]);
    const rows: CellValue[][] = [
      ...stats.groups.map((g) => [g.name, g.in, g.out, g.peakHour ?? '', g.peakCount]),
      [],
      [...headers.flowSeries[lang]],
      ...stats.points.map((p) => [p.time, p.in, p.out]),
    ];
    return sheet(lang, lang === 'zh' ? '客流统计' : 'Passenger flow', headers.flow[lang], stats.groups.length ? rows : [], 'passenger-flow');
  },

  async exportResourceHistory(ctx: Ctx<'exportResourceHistory'>) {
    const history = (await resourceHandlers.getResourceHistory(ctx)) as { points: { time: string; cpu: number; memory: number; disk: number | null; gpu: number | null; videoMemory: number | null; rxBytesPerSec: number | null; txBytesPerSec: number | null }[] };
    const rows = history.points.map((p) => [p.time, p.cpu, p.memory, p.disk, p.gpu, p.videoMemory, p.rxBytesPerSec, p.txBytesPerSec]);
    return sheet(ctx.lang, ctx.lang === 'zh' ? '资源历史' : 'Resource history', headers.resource[ctx.lang], rows, 'resource-history');
  },
};
