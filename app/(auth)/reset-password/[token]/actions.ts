'use server';

import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/auth/password-rules';
import { ResetLinkInvalidError, resetPassword } from '@/server/auth/password-reset/reset-password';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';

/** Sets the new password a reset link was sent for; null once it is saved, else the refusal in the reader's language. */
export async function chooseNewPassword(token: string, choice: { password: string; confirm: string }): Promise<string | null> {
  const t = await getTranslations('passwordReset.errors');
  const parsed = z
    .object({
      password: z.string().min(PASSWORD_MIN_LENGTH, t('tooShort')).max(PASSWORD_MAX_LENGTH, t('tooLong')),
      confirm: z.string(),
    })
    .refine((form) => form.password === form.confirm, t('differ'))
    .safeParse(choice);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t('tooShort');
  try {
    const address = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? '';
    await resetPassword({ token, password: parsed.data.password, address });
    return null;
  } catch (error) {
    if (error instanceof ResetLinkInvalidError) return t('invalid');
    throw error;
  }
}
