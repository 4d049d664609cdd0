// Calls of the operation log screen (contract tag logs): the paged list (quiet: the table shows a failure in
// place) and the spreadsheet export through the shared downloader (saved under the server's file name).
import { api, downloadFile, orThrow } from '../../../api/client.ts';
import type { OperationLog, OperationLogFilter } from '../../../api/schema.gen.ts';

export type { OperationLog, OperationLogFilter };

export async function listLogs(filter: OperationLogFilter, pageNo: number, pageSize: number, signal?: AbortSignal) {
  const page = await orThrow(api.post('/operation/log/list', { body: { ...filter, pageNo, pageSize }, signal, quiet: true }));
  return page ?? { list: [], total: 0, pageNo, pageSize };
}

/** Downloads the filtered log as .xlsx (the 'please wait' overlay shows meanwhile; a refusal is shown globally). */
export async function exportLogs(filter: OperationLogFilter): Promise<void> {
  await orThrow(downloadFile('/operation/log/export', filter, ''));
}
