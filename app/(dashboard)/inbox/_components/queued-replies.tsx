'use client';

import { useMutationState } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';

interface QueuedReply {
  clientId: string;
  body: string;
  paused: boolean;
}

/**
 * Replies written to this conversation that the server has not taken yet: paused while the
 * browser is offline (React Query holds them and sends them when it is back), or on their way.
 */
export function QueuedReplies({ contactId }: { contactId: string }) {
  const t = useTranslations('inbox.composer');
  const trpc = useTRPC();
  const queued = useMutationState({
    filters: { mutationKey: trpc.inbox.reply.mutationKey(), status: 'pending' },
    select: (mutation): QueuedReply | null => {
      const variables = mutation.state.variables as { contactId: string; clientId?: string; reply: { type: string; body?: string } } | undefined;
      if (variables?.contactId !== contactId || variables.reply.type !== 'text' || !variables.clientId) return null;
      return { clientId: variables.clientId, body: variables.reply.body ?? '', paused: mutation.state.isPaused };
    },
  }).filter((reply): reply is QueuedReply => reply !== null);

  if (queued.length === 0) return null;
  return (
    <ul aria-label={t('queuedLabel')} className="mb-2 space-y-1">
      {queued.map((reply) => (
        <li key={reply.clientId} data-testid="queued-reply" data-paused={reply.paused} className="flex flex-col items-end gap-0.5 text-sm">
          <span
            className="max-w-[85%] rounded-2xl rounded-ee-md bg-brand-50 px-3 py-1.5 whitespace-pre-wrap wrap-anywhere text-slate-700 ring-1 ring-brand-100"
            dir="auto"
          >
            {reply.body}
          </span>
          <span className="text-xs text-slate-600">{reply.paused ? t('queued') : t('sending')}</span>
        </li>
      ))}
    </ul>
  );
}
