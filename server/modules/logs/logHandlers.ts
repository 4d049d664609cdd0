// logs: the operation log (every state-changing call, sign-ins and sign-outs, written by registerOperations):
// the paged list and the spreadsheet export. What an entry's operation did is told in the reader's language at read
// time (the contract's summary / x-summary-zh by operationId), and so is a success; a refusal keeps the words it
// was answered with.
import type { Kysely, Selectable } from 'kysely';
import { loadContract } from '../../contract/loadContract.ts';
import type { Database, OperationLogTable } from '../../db/types.ts';
import { ApiError } from '../../http/apiError.ts';
import { dayStamp, formatTime, pageOf, parseTime } from '../../http/format.ts';
import { FileReply, type HandlerMap, XLSX_TYPE } from '../../http/handler.ts';
import { type Lang, type MessageKey, messages, translate } from '../../http/messages.ts';
import { writeXlsx } from '../../http/xlsx.ts';
import type { Ctx, Schema } from '../shared/contractTypes.ts';
import { containsPattern, pageResult, text } from '../shared/records.ts';
import { URL_CREDENTIALS } from '../../http/operationLog.ts';

/** The export's bound (contract: at most 100 pages of 500 rows, newest first). */
export const EXPORT_MAX_ROWS = 100 * 500;

type LogFilter = Schema<'OperationLogFilter'>;

export const logHandlers: HandlerMap = {
  async listOperationLogs({ db, body, lang }: Ctx<'listOperationLogs'>) {
    const page = pageOf(body);
    const query = filtered(db, body);
    const { total } = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute();
    return pageResult(
      rows.map((row) => toLog(row, lang)),
      total as string,
      page,
    );
  },

  async exportOperationLogs({ db, body, lang }: Ctx<'exportOperationLogs'>) {
    const rows = await filtered(db, body)
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute();
    const logs = rows.map((row) => toLog(row, lang));
    const buffer = await writeXlsx({
      lang,
      name: lang === 'zh' ? '操作日志' : 'Operation log',
      header: exportHeader[lang],
      widths: [20, 16, 24, 30, 8, 30, 8, 30, 16, 10, 60],
      rows: logs.map((l) => [l.createTime, l.username, l.operationId, l.summary, l.method, l.path, l.code, l.msg, l.ip, l.durationMs, l.params]),
    });
    return new FileReply(buffer, XLSX_TYPE, `operation-log-${dayStamp()}.xlsx`);
  },
};

const exportHeader: Record<Lang, string[]> = {
  zh: ['时间', '用户', '操作', '说明', '方法', '路径', '结果码', '结果', 'IP', '耗时(ms)', '参数'],
  en: ['Time', 'User', 'Operation', 'Summary', 'Method', 'Path', 'Code', 'Result', 'IP', 'Duration (ms)', 'Parameters'],
};

/** operation_logs narrowed by the list/export filters; 400 when the time range runs backwards. */
function filtered(db: Kysely<Database>, filter: LogFilter) {
  const start = filter.startTime ? parseTime(filter.startTime) : null;
  const end = filter.endTime ? parseTime(filter.endTime) : null;
  if (start && end && start.getTime() > end.getTime()) throw new ApiError(400, 'logs.timeRange');
  let query = db.selectFrom('operationLogs');
  const username = filter.username?.trim();
  if (username) query = query.where('username', 'ilike', containsPattern(username));
  if (filter.operationId) query = query.where('operationId', '=', filter.operationId);
  if (filter.result === 'success') query = query.where('code', '=', 0);
  if (filter.result === 'failure') query = query.where('code', '!=', 0);
  if (start) query = query.where('createdAt', '>=', start);
  // The end is inclusive to the second: an entry at 10:00:00.700 is within "until 10:00:00".
  if (end) query = query.where('createdAt', '<', new Date(end.getTime() + 1000));
  return query;
}

let summaries: Map<string, Record<Lang, string>> | null = null;

/** What an operation does, in `lang` (the contract's words); the stored summary for one the contract no longer has. */
export function operationSummary(operationId: string, stored: string, lang: Lang): string {
  summaries ??= new Map(loadContract().operations.map((op) => [op.operationId, { en: op.summary, zh: op.summaryZh }]));
  return summaries.get(operationId)?.[lang] ?? stored;
}

/** The result message in the reader's language when its key was kept (migration 075), else as it was sent. */
function resultMessage(row: Selectable<OperationLogTable>, lang: Lang): string | null {
  if (!row.msgKey || !Object.hasOwn(messages, row.msgKey)) return text(row.msg);
  try {
    const params = row.msgParams ? (JSON.parse(row.msgParams) as Record<string, unknown>) : {};
    return translate(lang, row.msgKey as MessageKey, params);
  } catch {
    return text(row.msg);
  }
}

function toLog(row: Selectable<OperationLogTable>, lang: Lang) {
  return {
    id: Number(row.id),
    userId: row.userId,
    username: text(row.username),
    operationId: row.operationId,
    summary: operationSummary(row.operationId, row.summary, lang),
    method: row.method,
    path: row.path,
    // Credentials in URLs are masked when written; rows written before that are masked on the way out.
    params: row.params === null ? text(row.params) : row.params.replace(URL_CREDENTIALS, '$1***@'),
    code: row.code,
    msg: row.code === 0 ? translate(lang, 'ok') : resultMessage(row, lang),
    ip: text(row.ip),
    durationMs: row.durationMs,
    createTime: formatTime(row.createdAt) as string,
  };
}

