'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

const retryable = new Set(['retry', 'retry_later', 'fix_and_resend']);

/** Why a message was not delivered, in plain words, the platform's own text, and a retry where one can help. */
export function FailedMessageNote({ message, contactId }: { message: InboxMessage; contactId: string }) {
  const errorText = useErrorText();
  const t = useTranslations('failure');
  const tm = useTranslations('inbox.messages');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.inbox.retry.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.inbox.messages.infiniteQueryKey({ contactId }) }),
    }),
  );
  const failure = message.failure ?? { key: 'unknown', advice: 'retry' as const, code: null };
  const canRetry = retryable.has(failure.advice) && !message.hasMedia;

  return (
    <div role="note" data-testid="failure" data-reason={failure.key} className="max-w-full space-y-1 text-xs wrap-anywhere text-red-800">
      <p>
        <span className="font-semibold">{tm('notDelivered')}</span>
        {t(failure.key)}
      </p>
      {message.errorMessage && (
        <p className="text-red-700/90" dir="auto">
          {message.errorMessage}
        </p>
      )}
      {canRetry && (
        <Button
          size="xs"

          disabled={retry.isPending || retry.isSuccess}
          onClick={() => retry.mutate({ messageId: message.id })}
        >
          {retry.isSuccess ? tm('sentAgain') : retry.isPending ? tm('sending') : tm('sendAgain')}
        </Button>
      )}
      {retry.isError && <Alert>{errorText(retry.error)}</Alert>}
    </div>
  );
}
