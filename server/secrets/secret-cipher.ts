import { config } from '@/server/config';
import { createKeyRing, decryptWithRing, encryptWithRing, isUnderCurrentKey } from './key-ring';

/**
 * Secrets at rest (AI provider keys, runs' secret variables, platform access tokens), under the
 * configuration's key ring: CREDENTIALS_SECRET encrypts, it and CREDENTIALS_SECRET_PREVIOUS
 * decrypt (`key-ring.ts`; `npm run secrets:rotate` moves everything stored to the current secret).
 */
const ring = createKeyRing([config.CREDENTIALS_SECRET, ...config.CREDENTIALS_SECRET_PREVIOUS]);

export const sealSecret = (plain: string): string => encryptWithRing(ring, plain);

/** The plain secret, or null when no configured secret opens it: its owner must enter it again. */
export const openSecret = (stored: string): string | null => decryptWithRing(ring, stored);

export const isUnderCurrentSecret = (stored: string): boolean => isUnderCurrentKey(ring, stored);

/** For ciphertexts this process wrote or already found openable; anything else is a fault. */
export function openSecretOrThrow(stored: string): string {
  const plain = openSecret(stored);
  if (plain === null) throw new Error('no configured CREDENTIALS_SECRET opens this ciphertext');
  return plain;
}
