import { createHash, randomBytes } from 'node:crypto';
import { randomBase62 } from '@/server/db/ids';

/** Current keys: `msk_live_` and 32 base62 characters. Older keys: 40 hex characters, no scopes. */
export const API_KEY_PREFIX = 'msk_live_';
export const currentKeyPattern = /^msk_live_[0-9A-Za-z]{32}$/;
export const legacyKeyPattern = /^[0-9a-f]{40}$/;

/** Only this digest is stored; a leaked database does not leak usable keys. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The part of a key that is safe to show again: its first 12 characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, 12);
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(32);
}

export function generateLegacyApiKey(): string {
  return randomBytes(20).toString('hex');
}
