'use client';

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { SessionProvider } from 'next-auth/react';
import { useState, type ReactNode } from 'react';
import superjson from 'superjson';
import { leaveForSignIn } from '@/app/_lib/session-end';
import type { AppRouter } from '@/server/trpc/router';
import { httpStatusOf, isClientError } from './http-status';
import { TRPCProvider } from './trpc';

const MAX_RETRIES = 3;

/** A 401 (tRPC UNAUTHORIZED) from any query or mutation: the session ended; sign in and come back. */
function onFailure(error: unknown) {
  if (httpStatusOf(error) === 401) leaveForSignIn();
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: {
        // Server components render the first data; a short stale time avoids refetching it at once.
        staleTime: 30_000,
        // A 4xx answer (not found, forbidden, bad input, signed out) will be the same next time, so
        // asking again only delays saying so. Screens that poll use `pollInterval` for the same reason.
        retry: (failures, error) => !isClientError(error) && failures < MAX_RETRIES,
      },
    },
  });
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
