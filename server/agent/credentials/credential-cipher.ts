import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '@/server/config';

/**
 * Provider API keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from
 * CREDENTIALS_SECRET, so the secret itself is never the cipher key and other uses of it cannot
 * collide. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version allows a later
 * key rotation to tell old rows from new.
 */
const cipherKey = Buffer.from(hkdfSync('sha256', config.CREDENTIALS_SECRET, 'provider-credentials', 'aes-256-gcm v1', 32));

export function encryptCredentialKey(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptCredentialKey(stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown credential ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
