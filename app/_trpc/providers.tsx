'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { SessionProvider } from 'next-auth/react';
import { useState, type ReactNode } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/router';
import { TRPCProvider } from './trpc';

function makeQueryClient() {
  // Server components render the first data; a short stale time avoids refetching it at once.
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
}

/**
 * React Query and tRPC for the dashboard's client components, and NextAuth's session provider:
 * its reads of /api/auth/session (on load and when the tab regains focus) renew the sliding
 * 12-hour session while the dashboard is in use.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      // A relative URL: the origin that served the page, which mutations require to be APP_URL's
      // (server/http/same-origin.ts).
      links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
    }),
  );
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
