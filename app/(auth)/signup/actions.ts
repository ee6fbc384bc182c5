'use server';

import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { z } from 'zod';
import { config } from '@/server/config';
import { actionRefusalOf } from '@/server/contract/trpc-error-mapper';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import { signUp } from '@/server/orgs/sign-up';
import { SignUpThrottledError, SignUpUnavailableError } from '@/server/orgs/sign-up-limit';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  organization: string;
}

/**
 * Creates the account and the organization it owns (docs/going-live.md, "Signing up"); the
 * form then signs in through the usual door. Null when it was created, else the refusal in the
 * reader's language.
 */
export async function createAccount(account: NewAccount): Promise<string | null> {
  const t = await getTranslations('signUp.errors');
  if (!config.SIGNUP_OPEN) return t('closed');
  const parsed = z
    .object({
      name: z.string().trim().min(1, t('name')).max(100, t('name')),
      email: z.email(t('email')).max(320, t('email')),
      password: z.string().min(12, t('tooShort')).max(1024, t('tooLong')),
      organization: z.string().trim().min(1, t('organization')).max(100, t('organization')),
    })
    .safeParse(account);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t('check');
  const address = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? '';
  try {
    await signUp({ ...parsed.data, organizationName: parsed.data.organization, address });
    return null;
  } catch (error) {
    if (error instanceof SignUpThrottledError) return t('throttled', { minutes: Math.ceil(error.retryAfterS / 60) });
    if (error instanceof SignUpUnavailableError) return t('unavailable');
    const refusal = actionRefusalOf(error);
    if (!refusal) throw error;
    const code = refusal.codes.find((candidate) => t.has(candidate));
    return code ? t(code) : refusal.message;
  }
}
