'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useInboxFormat } from './format';
import { Alert } from '@/app/(dashboard)/_components/kit';

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
      <Alert look="box" data-testid="limit-reached" className="text-sm sm:col-span-2">
        {a.freesAt
          ? t('limitReachedFreesAt', { limit: a.limit ?? 0, time: format.weekdayTime(a.freesAt) })
          : t('limitReached', { limit: a.limit ?? 0 })}
      </Alert>
    );
  }
  return (
    <p data-testid="limit-use" className="text-xs text-slate-600 sm:col-span-2">
      {a.remaining == null ? t('limitUseUnlimited') : t('limitUse', { remaining: a.remaining })}
    </p>
  );
}
