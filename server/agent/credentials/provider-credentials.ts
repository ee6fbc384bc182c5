import { isBlockedAddress } from '@/server/agent/providers/classify-provider-error';
import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, Prisma, type ProviderCredential } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { checkProviderCredential, type CredentialCheck } from '@/server/agent/providers/check-provider-credential';
import { providerStatusWords } from '@/server/agent/providers/provider-status-words';
import type { ModelProvider } from '@/server/agent/providers/provider-api';
import { ProviderFailure } from '@/server/agent/providers/provider-failure';
import { pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { checkCredentialBaseUrl } from './credential-base-url';
import { sealSecret, openSecret } from '@/server/secrets/secret-cipher';
import { presentProviderCredential } from './present-provider-credential';
import { PLATFORM_CREDENTIAL_ID } from '@/server/agent/models/project-model-access';
import { logger } from '@/server/logger';

export interface NewProviderCredential {
  provider: ModelProvider;
  name: string;
  api_key: string;
  base_url?: string;
}

/**
 * Connects a provider key to a project (docs/agent-api.md §1.3): the key is checked live first and
 * stored (encrypted) only when the provider accepted it; when the check cannot run, nothing is
 * stored and the caller gets the provider code.
 */
export async function createProviderCredential(projectId: string, input: NewProviderCredential) {
  if (input.provider === 'openai_compatible' && input.base_url === undefined) {
    throw new AgentError('validation_failed', {
      param: '/base_url',
      details: { detail: 'an openai_compatible credential needs the base_url of its server.' },
    });
  }
  const baseUrl = input.base_url === undefined ? null : checkCredentialBaseUrl(input.base_url);
  if (await db.providerCredential.findUnique({ where: { projectId_name: { projectId, name: input.name } }, select: { id: true } })) {
    throw nameTaken(input.name);
  }
  const check = await liveCheck(input.provider, input.api_key, baseUrl);
  if (check.status === 'invalid') {
    const words = providerStatusWords(check.providerStatus);
    throw new AgentError('credential_invalid', { param: '/api_key', details: { provider_status: words.en, provider_status_ar: words.ar } });
  }
  const { status } = check;
  try {
    const row = await db.providerCredential.create({
      data: {
        id: newId('providerCredential'),
        projectId,
        provider: input.provider,
        name: input.name,
        keyCiphertext: sealSecret(input.api_key),
        keyLast4: input.api_key.slice(-4),
        baseUrl,
        status,
        checkedAt: new Date(),
      },
    });
    await notifyCallerChange();
    return presentProviderCredential(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw nameTaken(input.name);
    throw error;
  }
}

/** Runs the live check again and records its verdict; a key no configured secret opens cannot be checked, and stays `undecryptable`. */
export async function recheckProviderCredential(projectId: string, id: string) {
  const row = await findProviderCredential(projectId, id);
  const apiKey = openSecret(row.keyCiphertext);
  if (apiKey === null) return presentProviderCredential(row);
  const { status } = await liveCheck(row.provider as ModelProvider, apiKey, row.baseUrl);
  const updated = await db.providerCredential.update({ where: { id: row.id }, data: { status, checkedAt: new Date() } });
  await notifyCallerChange();
  return presentProviderCredential(updated);
}

/** A provider refused the key during a run: it stops serving the project's agents until checked again. */
export async function markProviderCredentialInvalid(projectId: string, id: string): Promise<void> {
  if (id === PLATFORM_CREDENTIAL_ID) {
    logger.error("the provider refused the platform's own OpenAI key (PLATFORM_OPENAI_API_KEY)");
    return;
  }
  const { count } = await db.providerCredential.updateMany({
    where: { id, projectId, status: 'valid' },
    data: { status: 'invalid', checkedAt: new Date() },
  });
  if (count > 0) await notifyCallerChange();
}

export async function getProviderCredential(projectId: string, id: string) {
  return presentProviderCredential(await findProviderCredential(projectId, id));
}

export function listProviderCredentials(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.providerCredential.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.providerCredential.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentProviderCredential,
  );
}

export async function deleteProviderCredential(projectId: string, id: string) {
  const { count } = await db.providerCredential.deleteMany({ where: { id, projectId } });
  if (count === 0) throw credentialNotFound();
  await notifyCallerChange();
  return { id, object: 'provider_credential' as const, deleted: true };
}

async function findProviderCredential(projectId: string, id: string): Promise<ProviderCredential> {
  const row = await db.providerCredential.findFirst({ where: { id, projectId } });
  if (!row) throw credentialNotFound();
  return row;
}

async function liveCheck(provider: ModelProvider, apiKey: string, baseUrl: string | null): Promise<CredentialCheck> {
  try {
    return await checkProviderCredential({ provider, apiKey, baseURL: baseUrl ?? undefined, untrustedBaseURL: baseUrl !== null });
  } catch (error) {
    // A name that resolved to a private address is the URL's fault (422), found only at connect time;
    // otherwise only the two codes that say "the check could not run" reach the caller (§1.3).
    if (error instanceof ProviderFailure && isBlockedAddress(error)) throw new AgentError('url_not_allowed', { param: '/base_url' });
    if (error instanceof ProviderFailure) throw new AgentError(error.code === 'provider_timeout' ? 'provider_timeout' : 'provider_unavailable');
    throw error;
  }
}

const nameTaken = (name: string) => new AgentError('name_taken', { param: '/name', details: { name } });
const credentialNotFound = () => new AgentError('resource_not_found', { details: { resource: 'provider credential' } });
