import { config } from '@/server/config';
import { createKeyRing, decryptWithRing, encryptWithRing, isUnderCurrentKey } from './credential-key-ring';

/**
 * Provider API keys (and runs' secret variables) at rest, under the configuration's key ring:
 * CREDENTIALS_SECRET encrypts, it and CREDENTIALS_SECRET_PREVIOUS decrypt
 * (`credential-key-ring.ts`; `npm run secrets:rotate` moves stored keys to the current secret).
 */
const ring = createKeyRing([config.CREDENTIALS_SECRET, ...config.CREDENTIALS_SECRET_PREVIOUS]);

export const encryptCredentialKey = (plain: string): string => encryptWithRing(ring, plain);

/** The plain key, or null when no configured secret opens it: the owner must enter that key again. */
export const openCredentialKey = (stored: string): string | null => decryptWithRing(ring, stored);

export const isUnderCurrentCredentialSecret = (stored: string): boolean => isUnderCurrentKey(ring, stored);

/** For ciphertexts this process wrote or already found openable; anything else is a fault. */
export function decryptCredentialKey(stored: string): string {
  const plain = openCredentialKey(stored);
  if (plain === null) throw new Error('no configured CREDENTIALS_SECRET opens this ciphertext');
  return plain;
}
