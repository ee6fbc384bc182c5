'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { MemberRole } from '@/server/db';
import { SecretReveal } from '../../_components/secret-reveal';
import { Alert, Button, inputClass } from '@/app/(dashboard)/_components/kit';
import { grantableRoles } from './role-options';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** Invites by email; a new person gets a one-time link to choose a password, shown here once. */
export function InviteForm({ myRole }: { myRole: MemberRole }) {
  const errorText = useErrorText();
  const t = useTranslations('settings.invite');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { email: useId(), name: useId(), role: useId() };
  const invite = useMutation(
    trpc.settings.invite.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.settings.members.queryKey() }) }),
  );

  return (
    <div className="space-y-3">
      <form
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          invite.mutate({ email: String(form.get('email')), name: String(form.get('name')) || undefined, role: form.get('role') as MemberRole });
        }}
      >
        <div>
          <label htmlFor={ids.email} className="text-sm font-medium text-slate-800">
            {t('email')}
          </label>
          <input id={ids.email} name="email" type="email" dir="ltr" required maxLength={320} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-800">
            {t('name')} <span className="font-normal text-slate-500">{tCommon('optional')}</span>
          </label>
          <input id={ids.name} name="name" dir="auto" maxLength={100} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.role} className="text-sm font-medium text-slate-800">
            {t('role')}
          </label>
          <select id={ids.role} name="role" defaultValue="agent" className={inputClass}>
            {grantableRoles(myRole).map((role) => (
              <option key={role} value={role}>
                {tCommon(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="primary" type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('submitting') : t('submit')}
        </Button>
      </form>
      <div aria-live="polite" className="text-sm">
        {invite.isError && <Alert>{errorText(invite.error)}</Alert>}
        {invite.isSuccess && !invite.data.inviteUrl && (
          <p className="text-emerald-800">{t('existing', { email: `\u2066${invite.data.email}\u2069` })}</p>
        )}
      </div>
      {invite.data?.inviteUrl && (
        <SecretReveal kind="inviteLink" testId="invite-link" secret={invite.data.inviteUrl} onDone={() => invite.reset()} />
      )}
    </div>
  );
}
