// The model call log: every call a contract operation makes to a model, with its latency and outcome (read by the
// large-model statistics, getModelCallStats). A log write never fails the call it records.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface ModelCall {
  model: string;
  operation: string;
  latencyMs: number;
  /** null for a call that answered; the error's code otherwise. */
  errorCode: number | null;
  userName?: string | null;
  calledAt?: Date;
  simulated?: boolean;
}

export async function logModelCall(db: Kysely<Database>, call: ModelCall): Promise<void> {
  await db
    .insertInto('modelCalls')
    .values({
      model: call.model.slice(0, 64),
      operation: call.operation.slice(0, 64),
      latencyMs: Math.max(0, Math.round(call.latencyMs * 10) / 10),
      ok: call.errorCode === null,
      errorCode: call.errorCode,
      userName: call.userName ?? null,
      calledAt: call.calledAt ?? new Date(),
      simulated: call.simulated ?? false,
    })
    .execute()
    .catch(() => undefined);
}
