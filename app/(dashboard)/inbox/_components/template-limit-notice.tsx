'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useInboxFormat } from './format';

/** Before a template goes out: whether it starts a conversation today's messaging limit counts, and whether there is room. */
export function TemplateLimitNotice({ contactId }: { contactId: string }) {
  const t = useTranslations('inbox.template');
  const format = useInboxFormat();
  const trpc = useTRPC();
  const allowance = useQuery(trpc.inbox.templateAllowance.queryOptions({ contactId }));
  const a = allowance.data;
  if (!a?.countsAgainstLimit) return null;
  if (a.limitReached) {
    return (
      <p role="alert" data-testid="limit-reached" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
        {a.freesAt
          ? t('limitReachedFreesAt', { limit: a.limit ?? 0, time: format.weekdayTime(a.freesAt) })
          : t('limitReached', { limit: a.limit ?? 0 })}
      </p>
    );
  }
  return (
    <p data-testid="limit-use" className="text-xs text-slate-600 sm:col-span-2">
      {a.remaining == null ? t('limitUseUnlimited') : t('limitUse', { remaining: a.remaining })}
    </p>
  );
}
