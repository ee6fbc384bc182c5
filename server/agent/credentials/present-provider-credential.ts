import type { ProviderCredential } from '@/server/db';

/** A credential as the API shows it: never the key, only its last four characters. */
export const presentProviderCredential = (row: ProviderCredential) => ({
  id: row.id,
  object: 'provider_credential' as const,
  provider: row.provider,
  name: row.name,
  key_last4: row.keyLast4,
  base_url: row.baseUrl,
  status: row.status,
  checked_at: row.checkedAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});
