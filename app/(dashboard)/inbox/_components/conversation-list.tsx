'use client';

import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import type { InboxConversation } from '@/server/inbox/present-inbox-conversation';
import { ConversationItem } from './conversation-item';
import { useNow } from './use-now';
import { Alert, buttonClasses, EmptyState } from '@/app/(dashboard)/_components/kit';

type Page = { data: InboxConversation[]; has_more: boolean; next_cursor?: string };

interface ConversationListProps {
  query: UseInfiniteQueryResult<InfiniteData<Page>, { message: string }>;
  selectedId: string | null;
  filtered: boolean;
  /** The organization has a number customers can write to. */
  hasNumber: boolean;
  /** `messageId`: a search result's matching message, to open the thread at. */
  onSelect: (contactId: string, messageId?: string) => void;
}

/** The conversations, newest activity first; the next page loads as the end scrolls into view. */
export function ConversationList({ query, selectedId, filtered, hasNumber, onSelect }: ConversationListProps) {
  const t = useTranslations('inbox.list');
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <ul aria-busy="true" aria-label={t('loading')} className="animate-pulse">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="flex gap-3 border-b border-slate-100 px-3 py-3">
            <span className="size-9 rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-1/2 rounded bg-slate-200" />
              <span className="block h-3 w-3/4 rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <Alert className="p-4 text-sm">
        {t('loadFailed')}{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </Alert>
    );
  }
  const conversations = query.data.pages.flatMap((page) => page.data);
  if (conversations.length === 0 && !filtered && !hasNumber) {
    return (
      <EmptyState
        className="m-3"
        text={t('emptyNoNumber')}
        action={
          <Link href="/settings#accounts-heading" className={buttonClasses({ variant: 'primary' })}>
            {t('emptyNoNumberAction')}
          </Link>
        }
      />
    );
  }
  if (conversations.length === 0) {
    return <p className="p-6 text-center text-sm text-slate-600">{filtered ? t('noMatches') : t('empty')}</p>;
  }
  return (
    <>
      <ul aria-label={t('label')}>
        {conversations.map((conversation) => (
          <ConversationItem
            key={conversation.contactId}
            conversation={conversation}
            selected={conversation.contactId === selectedId}
            now={now}
            onSelect={() => onSelect(conversation.contactId, conversation.match?.messageId)}
          />
        ))}
      </ul>
      <div ref={sentinel} className="h-8">
        {isFetchingNextPage && <p className="py-2 text-center text-xs text-slate-600">{t('loadingMore')}</p>}
      </div>
    </>
  );
}
