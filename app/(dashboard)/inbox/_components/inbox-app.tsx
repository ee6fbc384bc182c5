'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useRef, useState } from 'react';
import { pollInterval } from '@/app/_trpc/poll-interval';
import { useTRPC } from '@/app/_trpc/trpc';
import { ConversationFilters, DEFAULT_FILTERS, type ListFilters } from './conversation-filters';
import { ConversationList } from './conversation-list';
import { ShortcutsHelp } from './shortcuts-help';
import { SimulateNewCustomer } from './simulate-new-customer';
import { ThreadView } from './thread-view';
import { useInboxShortcuts } from './use-inbox-shortcuts';
import { useLiveUpdates, type LiveState } from './use-live-updates';
import { useOpenConversation } from './use-open-conversation';

interface InboxAppProps {
  userId: string;
  accounts: Array<{ id: string; name: string }>;
  simulator: boolean;
}

/** The shared inbox: conversation list, the open thread and its contact panel, live. */
export function InboxApp({ userId, accounts, simulator }: InboxAppProps) {
  const t = useTranslations('inbox.app');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useLiveUpdates();
  const [filters, setFilters] = useState<ListFilters>(DEFAULT_FILTERS);
  const deferred = useDeferredValue(filters);
  const [selectedId, openConversation] = useOpenConversation();
  const [help, setHelp] = useState(false);
  const composerRef = useRef<HTMLTextAreaElement | null>(null);

  // Live events refresh the list at once; the slow poll while live is a safety net for an
  // announcement that never arrives (a full CI run once saw a fresh page miss one).
  const refetchInterval = pollInterval(live === 'live' ? 30_000 : 15_000);
  const scope = {
    accountId: deferred.accountId || undefined,
    filter: deferred.filter,
    tag: deferred.tag.trim() || undefined,
    channel: deferred.channel || undefined,
  };
  const list = useInfiniteQuery(
    trpc.inbox.conversations.infiniteQueryOptions(
      { ...scope, status: deferred.status, search: deferred.search.trim() || undefined },
      { getNextPageParam: (page) => page.next_cursor, refetchInterval },
    ),
  );
  // The tabs count the search's matches in each status too.
  const counts = useQuery(trpc.inbox.counts.queryOptions({ ...scope, search: deferred.search.trim() || undefined }, { refetchInterval }));
  // The dot says Live only while the stream is open and the screen's own reads succeed.
  const connection: LiveState = live === 'live' && (list.isError || counts.isError) ? 'failing' : live;
  const assign = useMutation(
    trpc.inbox.assign.mutationOptions({
      onSuccess: (_r, { contactId }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
      },
    }),
  );

  // Moving focus, not opening: the agent looks along the list and opens with Enter.
  const move = (step: number) => {
    const items = [...document.querySelectorAll<HTMLElement>('[data-testid="conversation"]')];
    // On a phone the open thread covers the list: nothing to move through.
    if (items.length === 0 || !items[0]?.checkVisibility()) return;
    const focused = items.indexOf(document.activeElement as HTMLElement);
    const from = focused >= 0 ? focused : items.findIndex((item) => item.dataset.contactId === selectedId);
    const to = from < 0 ? 0 : Math.min(items.length - 1, Math.max(0, from + step));
    items[to]?.focus();
  };
  const listHidden = () => !document.querySelector('[data-testid="conversation-pane"]')?.checkVisibility();
  useInboxShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    focusComposer: () => composerRef.current?.focus(),
    assignToMe: () => selectedId && assign.mutate({ contactId: selectedId, assigneeId: userId }),
    toggleHelp: () => setHelp((value) => !value),
    back: () => {
      if (selectedId && listHidden()) openConversation(null);
    },
  });

  const filtered = (Object.keys(DEFAULT_FILTERS) as Array<keyof ListFilters>).some((name) => filters[name] !== DEFAULT_FILTERS[name]);
  return (
    <div className="flex h-[calc(100dvh-9rem)] min-h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs lg:h-[calc(100dvh-9.5rem)]">
      <div
        data-testid="conversation-pane"
        className={`${selectedId ? 'hidden lg:flex' : 'flex'} w-full min-w-0 flex-col border-e border-slate-200 lg:w-80 lg:shrink-0`}
      >
        <ConversationFilters value={filters} accounts={accounts} counts={counts.data} onChange={setFilters} />
        <div className="flex items-center justify-between px-3 py-1.5 text-[11px] text-slate-500">
          <span role="status" data-testid="live-state" data-state={connection} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`size-1.5 rounded-full ${connection === 'live' ? 'bg-emerald-500' : 'bg-amber-500'}`} />
            {t(`live.${connection}`)}
          </span>
          <button type="button" onClick={() => setHelp(true)} className="text-slate-600 hover:text-slate-800 hover:underline">
            {t('shortcuts')} <kbd className="font-mono">?</kbd>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            query={list}
            selectedId={selectedId}
            filtered={filtered}
            hasNumber={accounts.length > 0}
            onSelect={openConversation}
          />
        </div>
        {simulator && <SimulateNewCustomer accounts={accounts} />}
      </div>
      {/* On a phone the open thread takes the whole screen, so the composer is always within reach of a thumb. */}
      <div className={`${selectedId ? 'fixed inset-0 z-40 flex bg-white lg:static lg:z-auto' : 'hidden lg:flex'} min-w-0 flex-1`}>
        {selectedId ? (
          <ThreadView
            key={selectedId}
            contactId={selectedId}
            userId={userId}
            simulator={simulator}
            composerRef={composerRef}
            onBack={() => openConversation(null)}
          />
        ) : (
          <div className="m-auto max-w-xs p-6 text-center text-sm text-slate-500">
            <p className="font-medium text-slate-700">{t('pickTitle')}</p>
            <p className="mt-1">{t.rich('pickHint', { kbd: (keys) => <kbd className="font-mono">{keys}</kbd> })}</p>
          </div>
        )}
      </div>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
