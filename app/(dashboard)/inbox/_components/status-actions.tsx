'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { InboxConversation } from '@/server/inbox/present-inbox-conversation';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, ConfirmDialog } from '@/app/(dashboard)/_components/kit';

const hour = 3600_000;

/** Snooze choices an agent reaches for, as times from now; "tomorrow" is 9:00 local time. */
function snoozeChoices(now = new Date()) {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  const nextWeek = new Date(tomorrow);
  nextWeek.setDate(tomorrow.getDate() + 6);
  return [
    { label: 'hour', until: new Date(now.getTime() + hour) },
    { label: 'fourHours', until: new Date(now.getTime() + 4 * hour) },
    { label: 'tomorrow', until: tomorrow },
    { label: 'week', until: nextWeek },
  ] as const;
}

/**
 * Resolve, snooze or reopen the open conversation; the list and its counts follow live. Resolve
 * ends the AI handoff with the conversation, asking first when a colleague has it.
 */
export function StatusActions({ conversation, userId }: { conversation: InboxConversation; userId: string }) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.actions');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const menuId = useId();
  const { contactId } = conversation;
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    setChoosing(false);
    setConfirming(false);
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.counts.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.events.queryKey({ contactId }) });
  };
  const setStatus = useMutation(trpc.inbox.setStatus.mutationOptions({ onSuccess: refresh }));
  const resolve = useMutation(
    trpc.inbox.resolve.mutationOptions({
      onSuccess: refresh,
      onError: () => {
        // Someone may have claimed it meanwhile: read who has it, so Resolve asks next time.
        setConfirming(false);
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
      },
    }),
  );
  const handoff = useQuery(trpc.inbox.handoff.queryOptions({ contactId })).data;
  const holder =
    handoff?.state === 'handoff' && handoff.handoff.assignee && handoff.handoff.assignee.id !== userId ? handoff.handoff.assignee : null;
  const pending = setStatus.isPending || resolve.isPending;
  const failure = setStatus.error ?? resolve.error;

  return (
    <div className="relative flex shrink-0 items-center gap-1" data-testid="status-actions" data-status={conversation.status}>
      {conversation.status === 'open' ? (
        <>
          <Button
            variant="primary"
            size="xs"
            className="shrink-0"

            disabled={pending}
            onClick={() => (holder ? setConfirming(true) : resolve.mutate({ contactId }))}
          >
            {t('resolve')}
          </Button>
          <Button
            size="xs"
            className="shrink-0"

            aria-expanded={choosing}
            aria-controls={menuId}
            disabled={pending}
            onClick={() => setChoosing((value) => !value)}
          >
            {t('snooze')}
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          className="shrink-0"

          disabled={pending}
          onClick={() => setStatus.mutate({ contactId, change: { status: 'open' } })}
        >
          {t('reopen')}
        </Button>
      )}
      {choosing && (
        <ul
          id={menuId}
          aria-label={t('snoozeUntil')}
          onKeyDown={(event) => event.key === 'Escape' && setChoosing(false)}
          className="absolute end-0 top-full z-20 mt-1 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {snoozeChoices().map((choice) => (
            <li key={choice.label}>
              <button
                type="button"
                onClick={() => setStatus.mutate({ contactId, change: { status: 'snoozed', until: choice.until } })}
                className="block w-full px-3 py-1.5 text-start text-xs text-slate-800 hover:bg-slate-50 focus-visible:bg-slate-50"
              >
                {t(choice.label)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <Alert look="box" className="absolute end-0 top-full z-20 mt-1 w-56 text-xs">
          {errorText(failure)}
        </Alert>
      )}
      {confirming && holder && (
        <ConfirmDialog
          title={t('resolveHeldTitle', { name: `\u2068${holder.name}\u2069` })}
          body={t('resolveHeldBody', { name: `\u2068${holder.name}\u2069` })}
          confirmLabel={t('resolveAnyway')}
          pending={resolve.isPending}
          onConfirm={() => resolve.mutate({ contactId, confirmed: true })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
