'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';
import { INBOX_REACTIONS } from '@/server/inbox/inbox-reactions';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';

/**
 * React to a customer's message: a button opens a row of common emoji (native buttons, so Tab
 * and Enter work; Escape closes and gives focus back). The emoji already chosen is pressed, and
 * choosing it again removes the reaction.
 */
export function ReactionPicker({ message, contactId }: { message: InboxMessage; contactId: string }) {
  const t = useTranslations('inbox.reactions');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const toggleId = `${groupId}-toggle`;
  const react = useMutation(
    trpc.inbox.react.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.inbox.messages.infiniteQueryKey({ contactId }) }),
    }),
  );
  const mine = message.reactions.find((reaction) => reaction.by === 'business')?.emoji ?? null;
  const close = () => {
    setOpen(false);
    document.getElementById(toggleId)?.focus();
  };
  return (
    <div
      className="flex flex-wrap items-center gap-0.5"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <Button
        id={toggleId}
        variant="ghost"
        size="xs"
        aria-expanded={open}
        aria-controls={groupId}
        aria-label={t('open')}
        data-testid="reaction-picker"
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">☺︎</span>
        <span className="ms-1">{t('react')}</span>
      </Button>
      {open && (
        <div id={groupId} role="group" aria-label={t('choose')} className="flex flex-wrap gap-0.5">
          {INBOX_REACTIONS.map(({ emoji, name }) => (
            <Button
              key={emoji}
              variant={mine === emoji ? 'secondary' : 'ghost'}
              size="xs"
              aria-pressed={mine === emoji}
              aria-label={mine === emoji ? t('remove', { name: t(`names.${name}`) }) : t('reactWith', { name: t(`names.${name}`) })}
              disabled={react.isPending}
              onClick={() => {
                react.mutate({ messageId: message.id, emoji: mine === emoji ? null : emoji });
                close();
              }}
            >
              <span aria-hidden="true" className="text-base leading-none">
                {emoji}
              </span>
            </Button>
          ))}
        </div>
      )}
      {react.isError && <Alert>{errorText(react.error)}</Alert>}
    </div>
  );
}
