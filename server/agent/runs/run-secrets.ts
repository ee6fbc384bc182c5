import { openSecretOrThrow, sealSecret } from '@/server/secrets/secret-cipher';
import type { VariableValue } from '@/server/agent/ask/ask-variables';
import { getRedis, redisKey } from '@/server/redis';

/**
 * A message's secret variables (docs/agent-api.md §1.9) on their way to the worker: encrypted, in
 * Redis beside the run (never in PostgreSQL, a log or a prompt), for as long as the run may
 * still need them (a day at most: it may wait for tool outputs) and removed when it ends.
 */
const secretsKey = (runId: string) => redisKey('agent', 'run-secrets', runId);
const SECRETS_TTL_S = 86_400;

export async function keepRunSecrets(runId: string, secrets: Record<string, VariableValue>): Promise<void> {
  if (Object.keys(secrets).length === 0) return;
  await getRedis().set(secretsKey(runId), sealSecret(JSON.stringify(secrets)), 'EX', SECRETS_TTL_S);
}

export async function readRunSecrets(runId: string): Promise<Record<string, VariableValue>> {
  const stored = await getRedis().get(secretsKey(runId));
  return stored ? (JSON.parse(openSecretOrThrow(stored)) as Record<string, VariableValue>) : {};
}

export async function forgetRunSecrets(runId: string): Promise<void> {
  await getRedis().del(secretsKey(runId));
}

/** Whether a run was given secret variables (its options say so; then they wait in Redis). */
export const hasRunSecrets = (run: { options: unknown }): boolean => (run.options as { secrets?: boolean } | null)?.secrets === true;
