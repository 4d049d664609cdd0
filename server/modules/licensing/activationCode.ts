// Activation codes: "ARGS1." + base64url(JSON claims) + "." + base64url(Ed25519 signature over the claims part).
// Verifying needs nothing but this installation's public key (offline); the reasons a code is refused are named.
import { randomBytes } from 'node:crypto';
import type { Installation } from './installation.ts';

const PREFIX = 'ARGS1';

export interface ActivationClaims {
  /** Installation id the code is bound to. */
  ins: string;
  /** Nonce: ties the code to its row. */
  n: string;
  /** Catalogue event ids unlocked (empty = all). */
  ev: number[];
  /** Channels. */
  ch: number;
  /** Validity in days, counted from activation. */
  vd: number;
  /** Activation deadline, seconds since the epoch. */
  ab: number;
}

export type CodeRefusal = 'malformed' | 'forged' | 'foreign' | 'expired';

export function newNonce(): string {
  return randomBytes(12).toString('base64url');
}

export function signCode(inst: Installation, claims: ActivationClaims): string {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${inst.sign(Buffer.from(body)).toString('base64url')}`;
}

function isClaims(value: unknown): value is ActivationClaims {
  const c = value as Record<string, unknown> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.ins === 'string' &&
    typeof c.n === 'string' &&
    Array.isArray(c.ev) &&
    c.ev.every((e) => Number.isInteger(e)) &&
    Number.isInteger(c.ch) &&
    Number.isInteger(c.vd) &&
    Number.isInteger(c.ab)
  );
}

/** The code's claims when it is this installation's, its signature verifies and it is not past its deadline; else the reason. */
export function verifyCode(inst: Installation, code: string, now = new Date()): { claims: ActivationClaims } | { refusal: CodeRefusal } {
  const parts = code.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]+$/.test(parts[2])) {
    return { refusal: 'malformed' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { refusal: 'malformed' };
  }
  if (!isClaims(claims)) return { refusal: 'malformed' };
  // Another installation's code is signed with a key this one does not have: say so rather than "forged".
  if (claims.ins !== inst.installationId) return { refusal: 'foreign' };
  const signature = Buffer.from(parts[2], 'base64url');
  if (signature.length !== 64 || !inst.verify(Buffer.from(`${parts[0]}.${parts[1]}`), signature)) return { refusal: 'forged' };
  if (claims.ab * 1000 <= now.getTime()) return { refusal: 'expired' };
  return { claims };
}
