'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { acceptInvite } from '@/server/orgs/accept-invite';
import { OrgRuleError } from '@/server/errors/org-rule-error';

/** Sets the invitee's password, which also uses up the link, then sends them to sign in; a refusal in the reader's language. */
export async function choosePassword(token: string, _previous: string | null, formData: FormData): Promise<string | null> {
  const t = await getTranslations('invite.errors');
  const passwords = z
    .object({
      password: z.string().min(12, t('tooShort')).max(1024),
      confirm: z.string(),
    })
    .refine((form) => form.password === form.confirm, t('differ'));
  const parsed = passwords.safeParse({ password: formData.get('password'), confirm: formData.get('confirm') });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t('check');
  try {
    await acceptInvite(token, { password: parsed.data.password });
  } catch (error) {
    if (error instanceof OrgRuleError) return t('expired');
    throw error;
  }
  redirect('/signin');
}
