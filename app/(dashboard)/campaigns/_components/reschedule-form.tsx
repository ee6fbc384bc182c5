'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert, Button, inputClass } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { toDateTimeLocal, useCampaignFormat } from './format';

/** Moves a scheduled campaign's start to another future time. */
export function RescheduleForm({ id, scheduledAt, onDone }: { id: string; scheduledAt: string | null; onDone: () => void }) {
  const t = useTranslations('campaigns.reschedule');
  const tCommon = useTranslations('common');
  const errorText = useErrorText();
  const { timeZone } = useCampaignFormat();
  const trpc = useTRPC();
  const [when, setWhen] = useState(scheduledAt ? toDateTimeLocal(scheduledAt) : '');
  const save = useMutation(trpc.campaigns.reschedule.mutationOptions({ onSuccess: onDone }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id, scheduledAt: new Date(when).toISOString() });
  };

  return (
    <form
      aria-label={t('title')}
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <label className="block text-sm font-medium">
        {t('newTime', { zone: timeZone })}
        <input type="datetime-local" required className={inputClass} value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>
      <Button onClick={onDone}>{tCommon('cancel')}</Button>
      <Button variant="primary" type="submit" disabled={save.isPending || !when}>
        {save.isPending ? tCommon('working') : t('save')}
      </Button>
      {save.isError && <Alert className="basis-full text-sm">{errorText(save.error)}</Alert>}
    </form>
  );
}
