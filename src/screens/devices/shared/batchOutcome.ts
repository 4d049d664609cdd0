// What a batch start/stop did (the server answers who succeeded and who failed, and why): a success note, or an
// error naming each failure so the confirmation dialog shows it (nothing is hidden after a partial success).
import type { TFunction } from 'i18next';

export interface BatchFailure {
  code: number;
  msg: string;
}

export function batchFailureText<F extends BatchFailure>(
  t: TFunction<'devices'>,
  succeeded: number,
  failed: readonly F[],
  nameOf: (failure: F) => string,
): string | null {
  if (failed.length === 0) return null;
  const reasons = failed.map((failure) => t('batch.failure', { name: nameOf(failure), reason: failure.msg })).join('；');
  return t('batch.partial', { ok: succeeded, failed: failed.length, reasons });
}
