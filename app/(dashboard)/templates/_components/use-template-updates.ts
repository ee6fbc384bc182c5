'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkSessionStillThere } from '@/app/_lib/session-end';
import { useTRPC } from '@/app/_trpc/trpc';

/**
 * Refreshes the templates on screen when the platform decides on one (`template.status_updated`
 * on the organization's live stream, /api/live), so an approval or rejection shows without a reload.
 */
export function useTemplateUpdates(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource('/api/live');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.templates.pathKey() });
    source.addEventListener('open', refresh);
    // Closed for good means refused (a 401 once the session ended), not a dropped connection.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) void checkSessionStillThere();
    });
    source.addEventListener('live', (event) => {
      try {
        if ((JSON.parse((event as MessageEvent<string>).data) as { type?: string }).type === 'template.status_updated') refresh();
      } catch {
        refresh();
      }
    });
    return () => source.close();
  }, [queryClient, trpc]);
}
