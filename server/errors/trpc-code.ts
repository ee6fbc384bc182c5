import type { TRPCError } from '@trpc/server';

export type TRPCErrorCode = TRPCError['code'];

const byStatus: Partial<Record<number, TRPCErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The tRPC code for a contract's HTTP status, for any contract's code table. Other 5xx are
 * BAD_GATEWAY because INTERNAL_SERVER_ERROR means an unexpected failure, whose message the
 * dashboard never sees; other 4xx (400, 405, 422) are the caller's mistake, BAD_REQUEST.
 */
export function trpcCodeForStatus(status: number): TRPCErrorCode {
  return byStatus[status] ?? (status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST');
}

/** A contract's code table with every entry's tRPC code: the entry's own `trpc` if it names one, else its status's. */
export function withTrpcCodes<T extends Record<string, { status: number; trpc?: TRPCErrorCode }>>(table: T) {
  const entries = Object.entries(table).map(([code, info]) => [code, { ...info, trpc: info.trpc ?? trpcCodeForStatus(info.status) }]);
  return Object.fromEntries(entries) as { [K in keyof T]: T[K] & { trpc: TRPCErrorCode } };
}
