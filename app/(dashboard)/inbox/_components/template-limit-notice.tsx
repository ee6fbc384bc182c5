'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/app/_trpc/trpc';

/** Before a template goes out: whether it starts a conversation today's messaging limit counts, and whether there is room. */
export function TemplateLimitNotice({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const allowance = useQuery(trpc.inbox.templateAllowance.queryOptions({ contactId }));
  const a = allowance.data;
  if (!a?.countsAgainstLimit) return null;
  if (a.limitReached) {
    return (
      <p role="alert" data-testid="limit-reached" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2">
        Today’s messaging limit is used up ({a.limit} new customers in 24 hours), so WhatsApp will not deliver a template that starts a new
        conversation{a.freesAt ? `; room frees up at ${a.freesAt.toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })}` : ''}.
      </p>
    );
  }
  return (
    <p data-testid="limit-use" className="text-xs text-slate-600 sm:col-span-2">
      This starts a new conversation and uses one of today’s {a.remaining ?? 'unlimited'} remaining new-customer sends.
    </p>
  );
}
