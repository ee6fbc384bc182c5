import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A key ring for secrets at rest (AES-256-GCM): the first secret encrypts, every one decrypts,
 * so a secret can be replaced without losing what the old one encrypted. Each secret's cipher
 * key is derived with HKDF-SHA256 (the secret itself is never the key), and each ciphertext
 * names its key by a short id derived the same way:
 * `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url). `v1.<iv>.<tag>.<ciphertext>`, written
 * before the ring existed, names no key: every key of the ring is tried.
 */
export interface KeyRing {
  /** Newest first: `keys[0]` encrypts. */
  keys: readonly RingKey[];
}

interface RingKey {
  id: string;
  cipherKey: Buffer;
}

// The salt names the ring's first use (provider keys); it stays, or every stored ciphertext would be lost.
const derive = (secret: string, info: string, bytes: number) => Buffer.from(hkdfSync('sha256', secret, 'provider-credentials', info, bytes));

export function createKeyRing(secrets: readonly string[]): KeyRing {
  if (secrets.length === 0) throw new Error('a key ring needs at least one secret');
  return {
    keys: secrets.map((secret) => ({ id: derive(secret, 'key id', 6).toString('base64url'), cipherKey: derive(secret, 'aes-256-gcm v1', 32) })),
  };
}

export function encryptWithRing(ring: KeyRing, plain: string): string {
  const key = ring.keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.cipherKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', key.id, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

/** The plain text, or null when no key of the ring opens it (its key is gone, or it was altered). */
export function decryptWithRing(ring: KeyRing, stored: string): string | null {
  const parsed = parseStored(stored);
  if (!parsed) return null;
  const candidates = parsed.keyId === null ? ring.keys : ring.keys.filter((key) => key.id === parsed.keyId);
  for (const key of candidates) {
    try {
      // A full 16-byte tag only: GCM would otherwise accept a truncated one, which is easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', key.cipherKey, parsed.iv, { authTagLength: 16 });
      decipher.setAuthTag(parsed.tag);
      return Buffer.concat([decipher.update(parsed.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      // Not this key: try the next one.
    }
  }
  return null;
}

/** Whether the ring's current key wrote it (nothing for a rotation to do). */
export function isUnderCurrentKey(ring: KeyRing, stored: string): boolean {
  return parseStored(stored)?.keyId === ring.keys[0]!.id;
}

function parseStored(stored: string) {
  const [version, ...parts] = stored.split('.');
  // v1 names no key (null: try them all).
  const named = version === 'v2' && parts.length === 4 ? parts : version === 'v1' && parts.length === 3 ? [null, ...parts] : null;
  if (!named) return null;
  const [keyId, iv, tag, ciphertext] = named as [string | null, string, string, string];
  return { keyId, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url') };
}
