'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';

/** A composer text that is only `/` and the start of a shortcut opens the saved replies. */
const shortcutTyped = /^\/([a-z0-9_-]{0,40})$/i;

/**
 * The composer's saved replies: typing `/` lists the team's replies whose shortcut starts with
 * what follows; the arrows move, Enter or Tab puts the chosen reply (filled in for this
 * contact) in place of the shortcut, Esc closes the list.
 */
export function useSavedReplyPicker(contactId: string, text: string, setText: (text: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const prefix = shortcutTyped.exec(text)?.[1]?.toLowerCase();
  const open = prefix !== undefined && dismissed !== text;
  const replies = useQuery({ ...trpc.inbox.savedReplies.queryOptions({ prefix }), enabled: open });
  const options = open ? (replies.data ?? []) : [];

  async function choose(index: number) {
    const reply = options[index];
    if (!reply) return;
    setText(await queryClient.fetchQuery(trpc.inbox.fillSavedReply.queryOptions({ id: reply.id, contactId })));
    setActive(0);
  }

  /** Handles the key when the list is open; true when it did. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      setDismissed(text);
      event.preventDefault();
      return true;
    }
    if (options.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      void choose(Math.min(active, options.length - 1));
    } else return false;
    event.preventDefault();
    return true;
  }

  return { open, loading: replies.isPending, options, active: Math.min(active, Math.max(0, options.length - 1)), choose, onKeyDown };
}
