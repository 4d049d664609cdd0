// alarms: the spreadsheet export of the history list (same filters and order, at most 100 pages, spec §5), or a
// zip of it with the alarms' images (watermarked when the watermark setting says so).
import JSZip from 'jszip';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { FileReply, type HandlerMap, XLSX_TYPE } from '../../http/handler.ts';
import type { Lang } from '../../http/messages.ts';
import { translate } from '../../http/messages.ts';
import { forReader } from '../../http/seededNames.ts';
import { writeXlsx } from '../../http/xlsx.ts';
import type { Ctx } from '../shared/contractTypes.ts';
import { filteredAlarms, liveAlarms, sorted } from './alarmQuery.ts';
import { alarmWatermarkFields, applyWatermark, watermarkFor } from '../system/watermark.ts';
import { type AlarmRow, toWarnEvent, urgentTypes, type WarnEvent } from './alarmRecords.ts';
import { readImage } from './alarmStore.ts';

export const alarmExportHandlers: HandlerMap = {
  async exportWarnEvents({ db, body, lang, services, user }: Ctx<'exportWarnEvents'>) {
    const pageSize = body.pageSize ?? 20;
    const pageCount = body.pageCount ?? 1;
    const query = body.ids?.length
      ? liveAlarms(db).where('id', 'in', body.ids)
      : filteredAlarms(db, body);
    const ordered = sorted(query, body).selectAll();
    // With ids the filters and paging are ignored; otherwise pageCount pages from pageNo.
    const limited = body.ids?.length ? ordered : ordered.limit(pageSize * pageCount).offset(((body.pageNo ?? 1) - 1) * pageSize);
    // With images at most MAX_IMAGE_EXPORT alarms, asked for before anything is read.
    const asked = body.ids?.length ? new Set(body.ids).size : pageSize * pageCount;
    if (body.withImages && asked > MAX_IMAGE_EXPORT) throw new ApiError(400, 'alarms.export.tooManyImages', { max: MAX_IMAGE_EXPORT });
    const [rows, urgent] = await Promise.all([limited.execute(), urgentTypes(db)]);
    if (rows.length === 0) throw new ApiError(404, 'alarms.export.nothing');
    const events = rows.map((r) => toWarnEvent(r, lang, urgent));
    const buffer = await writeXlsx({
      lang,
      name: lang === 'zh' ? '告警' : 'Alarms',
      header: header[lang],
      widths: [10, 20, 30, 24, 10, 10, 10, 14, 20, 30, 30, 10, 8, 8],
      rows: events.map((e) => exportRow(e, lang)),
    });
    const name = `alarms-${timestamp(new Date())}`;
    if (!body.withImages) return new FileReply(buffer, XLSX_TYPE, `${name}.xlsx`);
    return new FileReply(await withImages(db, services.config.dataDir, buffer, rows, lang, user?.username ?? ''), 'application/zip', `${name}.zip`);
  },
};

export const MAX_IMAGE_EXPORT = 500;

/** The spreadsheet and each alarm's image in one zip; the watermark setting (exportImage) marks the images. */
async function withImages(db: Kysely<Database>, dataDir: string, sheet: Buffer, rows: AlarmRow[], lang: Lang, userName: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('alarms.xlsx', sheet);
  const watermark = await watermarkFor(db, 'exportImage');
  for (const row of rows) {
    if (!row.imagePath) continue;
    let bytes: Buffer;
    try {
      bytes = await readImage(dataDir, row.imagePath);
    } catch {
      continue; // an image removed by retention: the spreadsheet still lists the alarm
    }
    // The camera's name on the image in the reader's language, as in the spreadsheet beside it.
    if (watermark) bytes = await applyWatermark(bytes, watermark, forReader(alarmWatermarkFields(row, lang, userName), lang));
    zip.file(`images/${row.id}.${row.imagePath.endsWith('.png') ? 'png' : 'jpg'}`, bytes);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

const header: Record<Lang, string[]> = {
  zh: ['编号', '告警时间', '摄像机', '事件类型', '类别', '置信度', '状态', '处理人', '处理时间', '处理备注', '处置结果', '核查结果', '退回次数', '模拟'],
  en: ['ID', 'Alarm time', 'Camera', 'Event type', 'Kind', 'Confidence', 'Status', 'Handled by', 'Handled at', 'Remark', 'Deal result', 'Check result', 'Sent back', 'Simulated'],
};

const words: Record<Lang, { violation: string; road: string; qualified: string; unqualified: string; yes: string; no: string }> = {
  zh: { violation: '违法', road: '道路事件', qualified: '合格', unqualified: '不合格', yes: '是', no: '否' },
  en: { violation: 'violation', road: 'road event', qualified: 'qualified', unqualified: 'unqualified', yes: 'yes', no: 'no' },
};

function exportRow(e: WarnEvent, lang: Lang) {
  const w = words[lang];
  return [
    e.id,
    e.alarmTime,
    e.cameraName,
    e.eventTypeName,
    w[e.eventKind],
    Math.round(e.confidence * 1000) / 1000,
    translate(lang, `alarms.status.${e.status}` as never),
    e.handleUser,
    e.handleTime,
    e.handleRemark,
    e.dealResult,
    e.checkResult === 1 ? w.qualified : e.checkResult === 2 ? w.unqualified : null,
    e.againCount,
    e.simulated ? w.yes : w.no,
  ];
}

export function timestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}
