'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { acceptInvite } from '@/server/orgs/accept-invite';
import { actionRefusalOf } from '@/server/contract/trpc-error-mapper';

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
    const refusal = actionRefusalOf(error);
    if (!refusal) throw error;
    // A link refused for any reason (expired, used, revoked, its account already has a password) is a
    // CONFLICT, which reads the same to the invitee: ask for a new link.
    const code = refusal.codes.find((candidate) => t.has(candidate));
    return code ? t(code) : refusal.message;
  }
  redirect('/signin');
}
