'use server';

import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/server/auth/password-rules';
import { ResetLinkInvalidError, resetPassword } from '@/server/auth/password-reset/reset-password';

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
    await resetPassword(token, parsed.data.password);
    return null;
  } catch (error) {
    if (error instanceof ResetLinkInvalidError) return t('invalid');
    throw error;
  }
}
