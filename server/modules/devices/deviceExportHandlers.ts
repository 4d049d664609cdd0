// Device configuration exports as .xlsx: one row per device with its event configurations summarised (events,
// shapes drawn, analysis windows, weekdays, state) — one page of a kind, or everything matching a search.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { formatTime } from '../../http/format.ts';
import { FileReply, type HandlerMap, XLSX_TYPE } from '../../http/handler.ts';
import type { Lang } from '../../http/messages.ts';
import { writeXlsx } from '../../http/xlsx.ts';
import { forReader } from '../../http/seededNames.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { type DeviceFilter, type DeviceRow, deviceQuery, filterDevices, settleOfflineRuns } from './deviceRecords.ts';

const MAX_SEARCH_ROWS = 10_000;

const HEADERS: Record<Lang, string[]> = {
  zh: ['ID', '名称', '类型', '序列号', 'IP', '场景', '边缘盒子', '启动状态', '运行状态', '事件', '绘制区域', '分析时段', '星期', '创建时间'],
  en: ['ID', 'Name', 'Kind', 'Serial number', 'IP', 'Scene', 'Edge box', 'Start state', 'Run state', 'Events', 'Shapes drawn', 'Time windows', 'Weekdays', 'Created'],
};
const KIND: Record<Lang, Record<string, string>> = { zh: { normal: '实时视频', image: '图片设备', offline: '离线视频' }, en: { normal: 'live', image: 'image', offline: 'offline' } };
const START: Record<Lang, string[]> = { zh: ['', '已启动', '未启动'], en: ['', 'started', 'not started'] };
const RUN: Record<Lang, string[]> = { zh: ['未运行', '运行中', '已完成', '异常'], en: ['not running', 'running', 'finished', 'abnormal'] };

interface ConfigSummary {
  events: string[];
  shapes: string[];
  times: string[];
  weeks: string[];
}

async function summaries(db: Kysely<Database>, ids: number[], lang: Lang): Promise<Map<number, ConfigSummary>> {
  const out = new Map<number, ConfigSummary>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('deviceEventConfigs').select(['deviceId', 'eventId', 'eventName', 'config']).where('deviceId', 'in', ids).orderBy('id').execute();
  for (const r of rows) {
    const s = out.get(r.deviceId) ?? { events: [], shapes: [], times: [], weeks: [] };
    const form = r.config as { areas?: unknown[]; lineAreas?: unknown[]; times?: { startTime: string; endTime: string; type?: number }[]; weeks?: number[] };
    // Each name in the reader's language before the cells join them (the sheet renames whole cells only).
    const name = forReader(r.eventName || String(r.eventId), lang);
    s.events.push(name);
    s.shapes.push(lang === 'zh' ? `${name}: 区域 ${form.areas?.length ?? 0}，线 ${form.lineAreas?.length ?? 0}` : `${name}: ${form.areas?.length ?? 0} areas, ${form.lineAreas?.length ?? 0} lines`);
    const windows = (form.times ?? []).map((t) => `${t.startTime}-${t.endTime}${t.type === 2 ? (lang === 'zh' ? '(夜间)' : ' (night)') : ''}`);
    s.times.push(`${name}: ${windows.length ? windows.join(', ') : lang === 'zh' ? '全天' : 'all day'}`);
    s.weeks.push(`${name}: ${(form.weeks ?? []).join(',')}`);
    out.set(r.deviceId, s);
  }
  return out;
}

async function workbook(db: Kysely<Database>, rows: DeviceRow[], lang: Lang, fileName: string): Promise<FileReply> {
  const info = await summaries(db, rows.map((r) => r.id), lang);
  const data = rows.map((r) => {
    const s = info.get(r.id);
    return [
      r.id,
      r.name,
      KIND[lang][r.kind],
      r.serialnumber,
      r.ip,
      r.sceneName,
      r.boxName,
      START[lang][r.startState],
      RUN[lang][r.runState],
      s?.events.join('; '),
      s?.shapes.join('; '),
      s?.times.join('; '),
      s?.weeks.join('; '),
      formatTime(r.createdAt),
    ];
  });
  const body = await writeXlsx({ lang, name: lang === 'zh' ? '设备配置' : 'Devices', header: HEADERS[lang], rows: data, widths: [6, 28, 10, 16, 16, 14, 18, 10, 10, 30, 30, 30, 18, 20] });
  return new FileReply(body, XLSX_TYPE, fileName);
}

const stamp = () => formatTime(new Date())!.replace(/\D/g, '').slice(0, 14);

export const deviceExportHandlers: HandlerMap = {
  async exportDevices({ db, body, lang }: Ctx<'exportDevices'>) {
    const kind = body.kind ?? 'normal';
    if (kind === 'offline') await settleOfflineRuns(db);
    const rows = await filterDevices(deviceQuery(db), { kind })
      .orderBy('devices.createdAt', 'desc')
      .orderBy('devices.id', 'desc')
      .limit(body.rows)
      .offset((body.page - 1) * body.rows)
      .execute();
    return workbook(db, rows, lang, `devices-${kind}-p${body.page}-${stamp()}.xlsx`);
  },

  async exportDevicesBySearch({ db, body, lang }: Ctx<'exportDevicesBySearch'>) {
    const filter: DeviceFilter = { ...body, kind: body.kind ?? 'normal' };
    if (filter.kind === 'offline') await settleOfflineRuns(db);
    const q = filterDevices(deviceQuery(db), filter);
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    if (Number(total) > MAX_SEARCH_ROWS) throw new ApiError(400, 'devices.exportTooMany', { count: Number(total), max: MAX_SEARCH_ROWS });
    const rows = await q.orderBy('devices.createdAt', 'desc').orderBy('devices.id', 'desc').execute();
    return workbook(db, rows, lang, `devices-${filter.kind}-${stamp()}.xlsx`);
  },
};
