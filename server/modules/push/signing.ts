// How a push is signed: HMAC-SHA256 keyed by the endpoint's secret over "<timestamp>.<body>", so a receiver can
// check the sender and refuse replays (an old timestamp).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'x-argus-timestamp';
export const SIGNATURE_HEADER = 'x-argus-signature';

export function signPush(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (used by the tests and documented for integrators). */
export function verifyPush(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signPush(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A secret as lists show it. */
export function masked(secret: string): string {
  return secret ? '******' : '';
}
