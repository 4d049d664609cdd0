// The operation log's filters: from the URL's texts to the contract's OperationLogFilter, with the §5 time rules
// (start not after end, neither later than now) checked before anything is sent — a link with a backwards range
// says what is wrong instead of asking the server.
import { type Problem, timeRange } from '../../../domain/validators.ts';
import type { OperationLogFilter } from './logsApi.ts';

export const LOG_FILTERS = ['username', 'operationId', 'result', 'startTime', 'endTime'] as const;
export type LogFilterKey = (typeof LOG_FILTERS)[number];

/** The export's bound (contract: at most 100 pages of 500 rows, newest first). */
export const EXPORT_MAX_ROWS = 100 * 500;

/** Operations an administrator looks for most; any other operationId can be typed. */
export const COMMON_OPERATIONS = [
  'login',
  'logout',
  'thirdLogin',
  'saveNewPassword',
  'createUser',
  'updateUser',
  'deleteUsers',
  'resetUserPassword',
  'createThirdLoginCode',
  'addRole',
  'updateRole',
  'deleteRole',
  'addDept',
  'updateDept',
  'deleteDept',
  'addModule',
  'updateModule',
  'deleteModule',
  'saveTitle',
  'updateSystemConfig',
  'exportOperationLogs',
] as const;

export function timeProblems(filters: Record<LogFilterKey, string>, now = new Date()): { startTime?: Problem; endTime?: Problem } {
  const found = timeRange(filters.startTime || undefined, filters.endTime || undefined, now);
  return { startTime: found.start, endTime: found.end };
}

export function toLogFilter(filters: Record<LogFilterKey, string>): OperationLogFilter {
  const result = filters.result === 'success' || filters.result === 'failure' ? filters.result : undefined;
  return {
    username: filters.username || undefined,
    operationId: filters.operationId || undefined,
    result,
    startTime: filters.startTime || undefined,
    endTime: filters.endTime || undefined,
  };
}
