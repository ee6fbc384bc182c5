'use client';

import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';
import type { ConversationEventLine as EventLine } from '@/server/conversations/conversation-events';
import { ConversationEventLine } from './conversation-event-line';
import { sameDay, useInboxFormat } from './format';
import { MessageBubble } from './message-bubble';
import { useMessageFocus } from './use-message-focus';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

/** The thread's messages, oldest at the top, with day separators and older pages on demand. */
export function MessageList({ contactId, simulator }: { contactId: string; simulator: boolean }) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.messages');
  const format = useInboxFormat();
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.inbox.messages.infiniteQueryOptions({ contactId }, { getNextPageParam: (page) => page.next_cursor }));
  const events = useQuery(trpc.inbox.events.queryOptions({ contactId }));
  const tap = useMutation(trpc.inbox.simulate.mutationOptions());
  const bottom = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => (query.data?.pages.flatMap((page) => page.data) ?? []).slice().reverse(), [query.data]);
  const byWamid = useMemo(() => new Map(messages.filter((m) => m.wamid).map((m) => [m.wamid as string, m])), [messages]);
  const tappedOn = useMemo(() => {
    const map = new Map<string, Set<string>>();
    for (const m of messages) {
      if (m.direction === 'incoming' && m.contextWamid) map.set(m.contextWamid, (map.get(m.contextWamid) ?? new Set()).add(m.content));
    }
    return map;
  }, [messages]);

  const items = useMemo(() => threadItems(messages, events.data ?? [], query.hasNextPage), [messages, events.data, query.hasNextPage]);

  // A search result opens the thread at its message (`?message=`).
  const focusId = useSearchParams().get('message');
  const loadedIds = useMemo(() => messages.map((m) => m.id), [messages]);
  useMessageFocus(focusId, loadedIds, query);

  const newest = messages[messages.length - 1];
  // Braces matter: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest?.id, newest?.status]);

  if (query.isPending) return <p className="m-auto text-sm text-slate-600">{t('loading')}</p>;
  if (query.isError) {
    return (
      <Alert className="m-auto text-sm">
        {t('loadFailed')}{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </Alert>
    );
  }
  if (messages.length === 0) return <p className="m-auto text-sm text-slate-600">{t('empty')}</p>;

  return (
    // A log (a live region that announces new messages), focusable so the keyboard can scroll it.
    <div role="log" aria-label={t('label')} aria-relevant="additions" tabIndex={0} className="min-w-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
      {query.hasNextPage && (
        <div className="mb-3 text-center">
          <Button
            size="xs"

            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('loadingOlder') : t('loadOlder')}
          </Button>
        </div>
      )}
      <ol className="space-y-2">
        {items.map((item, index) => {
          const previous = items[index - 1];
          return (
            <Fragment key={item.id}>
              {(!previous || !sameDay(previous.createdAt, item.createdAt)) && (
                <li className="my-3 flex justify-center">
                  <span className="rounded-full bg-slate-200/70 px-3 py-0.5 text-xs font-medium text-slate-600">
                    {format.dayLabel(item.createdAt)}
                  </span>
                </li>
              )}
              {item.event ? (
                <ConversationEventLine event={item.event} />
              ) : (
                <MessageBubble
                  message={item.message}
                  contactId={contactId}
                  answers={item.message.contextWamid ? byWamid.get(item.message.contextWamid) : undefined}
                  tapped={(item.message.wamid && tappedOn.get(item.message.wamid)) || new Set()}
                  onSimulateTap={
                    simulator && item.message.direction === 'outgoing'
                      ? (buttonIndex) => tap.mutate({ contactId, action: { kind: 'tap', messageId: item.message.id, buttonIndex } })
                      : undefined
                  }
                />
              )}
            </Fragment>
          );
        })}
      </ol>
      {tap.isError && <Alert className="mt-2 text-center text-xs">{errorText(tap.error)}</Alert>}
      <div ref={bottom} />
    </div>
  );
}

type ThreadItem = { id: string; createdAt: Date } & ({ message: InboxMessage; event?: never } | { event: EventLine; message?: never });

/**
 * Messages and activity lines in time order. While older messages are not loaded, older lines
 * wait with them: a line may only sit among the messages it happened between.
 */
function threadItems(messages: InboxMessage[], events: EventLine[], olderPending: boolean): ThreadItem[] {
  const oldest = messages[0]?.createdAt.getTime() ?? Infinity;
  const shown = olderPending ? events.filter((event) => event.createdAt.getTime() >= oldest) : events;
  const items: ThreadItem[] = [
    ...messages.map((message) => ({ id: message.id, createdAt: message.createdAt, message })),
    ...shown.map((event) => ({ id: event.id, createdAt: event.createdAt, event })),
  ];
  // Stable: messages keep their arrival order among equal times, and a line follows what it answers.
  return items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
