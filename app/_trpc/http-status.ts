import { TRPCClientError } from '@trpc/client';

/** The HTTP status a tRPC call failed with, when the server answered at all. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}

export const isNotFound = (error: unknown) => httpStatusOf(error) === 404;
