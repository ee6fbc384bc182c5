'use client';

import { useEffect } from 'react';

interface ThreadPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** How long the message a search opened stays highlighted. */
const HIGHLIGHT_MS = 2_500;

/**
 * Opens the thread at `messageId` (a search result's `?message=`): loads older pages until the
 * message is among them, scrolls it to the middle and highlights it briefly. A message that is
 * not in the thread (deleted, another conversation's id) stops when the oldest page is loaded.
 */
export function useMessageFocus(messageId: string | null, loadedIds: string[], pages: ThreadPages): void {
  const loaded = messageId !== null && loadedIds.includes(messageId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (messageId && !loaded && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [messageId, loaded, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!messageId || !loaded) return;
    const element = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.dataset.highlighted = 'true';
    element.animate([{ backgroundColor: 'rgb(254 243 199)' }, { backgroundColor: 'transparent' }], { duration: HIGHLIGHT_MS, easing: 'ease-in' });
    const timer = setTimeout(() => delete element.dataset.highlighted, HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [messageId, loaded]);
}
