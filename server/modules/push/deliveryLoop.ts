// The push delivery loop: takes due deliveries from the outbox (rows the alarm insert's trigger wrote, or test
// pushes), posts each to its endpoint signed, and records the outcome — delivered, or retried after a doubling
// delay until the retries are used up, then failed. Claims are leases (FOR UPDATE SKIP LOCKED), so several server
// instances share the outbox and a crashed one's deliveries are taken over. Ingest never waits for any of this.
import { type Kysely, sql } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { type PollingLoop, startPollingLoop } from '../../jobs/pollingLoop.ts';
import { formatTime } from '../../http/format.ts';
import { type OutboundPolicy, OutboundRefused } from '../../http/outbound.ts';
import { outboundRequest } from '../../http/outboundRequest.ts';
import { typeName } from '../alarms/eventTypes.ts';
import { outboundPolicy } from '../system/outboundPolicy.ts';
import { readSetting } from '../system/settingsHandlers.ts';
import { SIGNATURE_HEADER, signPush, TIMESTAMP_HEADER } from './signing.ts';

const BATCH = 20;
const LEASE_SECONDS = 120;

/** `wake()`: look for due deliveries now (a test push was queued). */
export type PushDelivery = PollingLoop;

interface Claimed {
  id: number;
  industryId: number;
  alarmId: number | null;
  kind: 'alarm' | 'test';
  attempts: number;
}

async function claim(db: Kysely<Database>): Promise<Claimed[]> {
  return db
    .updateTable('pushDeliveries')
    .set({ claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('pushDeliveries')
        .select('id')
        .where('status', '=', 0)
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('claimedUntil', 'is', null), w('claimedUntil', '<', sql<Date>`now()`)]))
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'industryId', 'alarmId', 'kind', 'attempts'])
    .execute();
}

async function payloadOf(db: Kysely<Database>, d: Claimed, endpoint: { id: number; industryName: string; withImage: boolean }): Promise<Record<string, unknown>> {
  if (d.kind === 'test' || d.alarmId === null) {
    return { type: 'test', deliveryId: d.id, industryId: endpoint.id, industryName: endpoint.industryName, sentAt: new Date().toISOString() };
  }
  const a = await db
    .selectFrom('alarms')
    .select(['id', 'eventType', 'cameraId', 'cameraName', 'boxId', 'alarmTime', 'confidence', 'boxX', 'boxY', 'boxW', 'boxH', 'imageWidth', 'imageHeight', 'imagePath', 'sceneName', 'simulated'])
    .where('id', '=', d.alarmId)
    .executeTakeFirstOrThrow();
  return {
    type: 'alarm',
    deliveryId: d.id,
    alarm: {
      id: a.id,
      eventType: a.eventType,
      eventName: typeName(a.eventType, 'zh'),
      cameraId: a.cameraId,
      cameraName: a.cameraName,
      boxId: a.boxId,
      alarmTime: formatTime(a.alarmTime),
      confidence: a.confidence,
      box: { x: a.boxX, y: a.boxY, w: a.boxW, h: a.boxH },
      imageSize: { width: a.imageWidth, height: a.imageHeight },
      sceneName: a.sceneName,
      simulated: a.simulated,
      // The snapshot's address on this server (under /files/), when the endpoint wants images.
      ...(endpoint.withImage && a.imagePath ? { imagePath: `/files/${a.imagePath}` } : {}),
    },
  };
}

/** One attempt: the receiver's status, or why there was none (`refused`: the allow-list stopped it, nothing was
 *  sent — never a port's answer). Never throws. */
async function post(
  url: string,
  secret: string,
  body: string,
  timeoutMs: number,
  deliveryId: number,
  policy: OutboundPolicy,
): Promise<{ ok: boolean; refused: boolean; status: number | null; error: string }> {
  const timestamp = String(Date.now());
  try {
    const res = await outboundRequest(url, {
      purpose: 'push',
      policy,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signPush(secret, timestamp, body),
        'x-argus-delivery': String(deliveryId),
      },
      body,
      timeoutMs,
      maxBytes: 0,
      discardBody: true,
    });
    const ok = res.status >= 200 && res.status < 300;
    return { ok, refused: false, status: res.status, error: ok ? '' : `HTTP ${res.status}` };
  } catch (error) {
    if (error instanceof OutboundRefused) return { ok: false, refused: true, status: null, error: error.toStored() };
    return { ok: false, refused: false, status: null, error: (error as Error).message.slice(0, 500) };
  }
}

/** Delivers one claimed batch; answers how many were claimed. */
export async function deliverDue(db: Kysely<Database>, config: ServerConfig['push']): Promise<number> {
  const batch = await claim(db);
  if (batch.length === 0) return 0;
  const { push } = await readSetting(db, 'searchPush');
  const maxAttempts = 1 + (push.retryTimes ?? 3);
  // The allowed hosts as they are now: a host removed since the endpoint was saved is refused from this batch on.
  const policy = await outboundPolicy(db);
  const endpoints = await db
    .selectFrom('plugIndustries')
    .select(['id', 'industryName', 'pushUrl', 'authToken', 'withImage'])
    .where('id', 'in', [...new Set(batch.map((d) => d.industryId))])
    .execute();
  await Promise.all(
    batch.map(async (d) => {
      const endpoint = endpoints.find((e) => e.id === d.industryId);
      if (!endpoint) return; // deleted meanwhile: its deliveries went with it
      const body = JSON.stringify(await payloadOf(db, d, endpoint));
      const result = await post(endpoint.pushUrl, endpoint.authToken, body, config.timeoutMs, d.id, policy);
      const attempts = d.attempts + 1;
      // A refusal is the administrator's rule, not a receiver's hiccup: failed at once, not retried.
      const failed = !result.ok && (result.refused || attempts >= maxAttempts);
      const delayMs = config.retryBaseMs * 2 ** (attempts - 1);
      await db
        .updateTable('pushDeliveries')
        .set({
          status: result.ok ? 1 : failed ? 2 : 0,
          attempts,
          httpStatus: result.status,
          lastError: result.error,
          claimedUntil: null,
          ...(result.ok ? { deliveredAt: new Date() } : {}),
          ...(!result.ok && !failed ? { nextAttemptAt: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})` } : {}),
        })
        .where('id', '=', d.id)
        .execute();
      if (result.ok || failed) {
        await db.updateTable('plugIndustries').set({ lastPushAt: new Date(), lastPushState: result.ok ? 1 : 2 }).where('id', '=', d.industryId).execute();
      }
    }),
  );
  return batch.length;
}

export function startPushDelivery(db: Kysely<Database>, config: ServerConfig['push'], log: (error: unknown) => void): PushDelivery {
  return startPollingLoop({
    pollMs: config.pollMs,
    onError: log,
    // A full batch means more may be due: keep going, yielding between batches.
    async drain(stopped) {
      while (!stopped() && (await deliverDue(db, config)) === BATCH) await new Promise((r) => setImmediate(r));
    },
  });
}
