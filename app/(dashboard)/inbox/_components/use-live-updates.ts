'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checkSessionStillThere } from '@/app/_lib/session-end';
import { useTRPC } from '@/app/_trpc/trpc';

/** `failing`: the stream was refused, or the screen's own requests fail, so nothing is up to date. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'failing';

/**
 * Listens to /api/live (server-sent events) and refreshes what an event touches. EventSource
 * reconnects by itself with Last-Event-ID, so nothing published meanwhile is missed.
 * Refreshes are batched: a burst of status events costs one refetch.
 */
export function useLiveUpdates(): LiveState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    const source = new EventSource('/api/live');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touched = new Set<string>();
    const flush = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.inbox.counts.pathKey() });
      for (const contactId of touched) {
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.messages.infiniteQueryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.notes.queryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.events.queryKey({ contactId }) });
      }
      touched.clear();
    };
    source.addEventListener('open', () => {
      setState('live');
      // What changed between the page's first fetch and the stream's opening was announced to
      // nobody: read the lists once more (a reconnect replays what it missed by itself).
      timer ??= setTimeout(flush, 0);
    });
    source.addEventListener('error', () => {
      if (!navigator.onLine) return setState('offline');
      // EventSource retries a dropped connection by itself, but closes for good when the server
      // refuses it (a 401 once the session ended): then it is not reconnecting, and sign-in may be due.
      if (source.readyState === EventSource.CLOSED) {
        setState('failing');
        void checkSessionStillThere();
      } else setState('reconnecting');
    });
    // The browser knows it lost the network before the stream notices.
    const offline = () => setState('offline');
    const online = () => setState(source.readyState === EventSource.OPEN ? 'live' : 'reconnecting');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    source.addEventListener('live', (event) => {
      try {
        const { payload } = JSON.parse((event as MessageEvent<string>).data) as {
          payload?: { contact_id?: string; message?: { contact_id?: string } };
        };
        const contactId = payload?.message?.contact_id ?? payload?.contact_id;
        if (contactId) touched.add(contactId);
      } catch {
        // an event we cannot read still means something changed
      }
      timer ??= setTimeout(flush, 150);
    });
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, trpc]);

  return state;
}
