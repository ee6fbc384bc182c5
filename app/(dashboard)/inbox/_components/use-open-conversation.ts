'use client';

import { usePathname } from 'next/navigation';
import { useCallback } from 'react';

/**
 * The open conversation lives in the address (`/inbox/<contact id>`), so a link can be shared
 * and Back works. Opening one pushes the address without a server round trip; Next.js keeps
 * `usePathname` in step with the history API.
 */
export function useOpenConversation(): [string | null, (contactId: string | null, messageId?: string) => void] {
  const pathname = usePathname();
  const match = /^\/inbox\/([^/]+)$/.exec(pathname);
  const openId = match?.[1] ? decodeURIComponent(match[1]) : null;
  // A search result opens at its message: `?message=` (use-message-focus.ts).
  const open = useCallback((contactId: string | null, messageId?: string) => {
    const at = messageId ? `?message=${encodeURIComponent(messageId)}` : '';
    window.history.pushState(null, '', contactId ? `/inbox/${encodeURIComponent(contactId)}${at}` : '/inbox');
  }, []);
  return [openId, open];
}
