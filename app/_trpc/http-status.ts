import { TRPCClientError } from '@trpc/client';

/** The HTTP status a tRPC call failed with, when the server answered at all. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}

export const isNotFound = (error: unknown) => httpStatusOf(error) === 404;

/** A 4xx answer (not found, forbidden, bad input, signed out): asking again gets the same. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
