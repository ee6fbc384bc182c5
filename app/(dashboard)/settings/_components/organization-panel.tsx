'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { Alert, Button, inputClass, useToast } from '@/app/(dashboard)/_components/kit';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** The organization's name: owners and admins edit it, everyone else sees it. */
export function OrganizationPanel({ name, canManage }: { name: string; canManage: boolean }) {
  const errorText = useErrorText();
  const t = useTranslations('settings.organization');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const router = useRouter();
  const nameId = useId();
  // The name also shows in the header and the organization switcher, which the server renders.
  const toast = useToast();
  const rename = useMutation(
    trpc.settings.rename.mutationOptions({
      onSuccess: () => {
        toast(t('saved'));
        router.refresh();
      },
    }),
  );

  return (
    <section aria-labelledby="org-heading">
      <h2 id="org-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ name: String(new FormData(event.currentTarget).get('name')) });
        }}
      >
        <div className="w-full max-w-sm">
          <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
            {tCommon('name')}
          </label>
          <input id={nameId} name="name" dir="auto" required maxLength={100} defaultValue={name} readOnly={!canManage} className={inputClass} />
        </div>
        {canManage && (
          <Button variant="primary" type="submit" disabled={rename.isPending}>
            {rename.isPending ? tCommon('saving') : t('save')}
          </Button>
        )}
      </form>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {rename.isError && <Alert>{errorText(rename.error)}</Alert>}
        {!canManage && <p className="text-slate-600">{t('readOnly')}</p>}
      </div>
    </section>
  );
}
