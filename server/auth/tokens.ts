// Session tokens and one-time codes: random, handed out once, stored only as SHA-256 hashes.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newShortCode(): string {
  // 8 characters from an alphabet without look-alikes, for the loginCode shown in audit trails.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
