'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { acceptInvite } from '@/server/orgs/accept-invite';

const passwords = z
  .object({
    password: z.string().min(12, 'Choose a password of at least 12 characters.').max(1024),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, 'The two passwords differ.');

/** Sets the invitee's password, which also uses up the link, then sends them to sign in. */
export async function choosePassword(token: string, _previous: string | null, formData: FormData): Promise<string | null> {
  const parsed = passwords.safeParse({ password: formData.get('password'), confirm: formData.get('confirm') });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check the passwords.';
  const accepted = await acceptInvite(token, parsed.data.password);
  if (!accepted) return 'This invitation link is no longer valid. Ask the person who invited you for a new one.';
  redirect('/signin');
}
