import type { ProviderCredential } from '@/server/db';
import { openSecret } from '@/server/secrets/secret-cipher';

/**
 * A credential as the API shows it: never the key, only its last four characters. `status` is
 * the last check's `valid` or `invalid`, or `undecryptable` while no configured
 * CREDENTIALS_SECRET opens the stored key (the owner must enter it again).
 */
export const presentProviderCredential = (row: ProviderCredential) => ({
  id: row.id,
  object: 'provider_credential' as const,
  provider: row.provider,
  name: row.name,
  key_last4: row.keyLast4,
  base_url: row.baseUrl,
  status: openSecret(row.keyCiphertext) === null ? ('undecryptable' as const) : (row.status as 'valid' | 'invalid'),
  checked_at: row.checkedAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});
