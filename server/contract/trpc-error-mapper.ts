import { TRPCError } from '@trpc/server';
import { paramName } from '@/server/api/parse';
import { DomainError } from '@/server/errors/domain-error';
import { failureOf } from './failure';

/**
 * The one mapper of the dashboard's tRPC: domain errors, each saying its own tRPC code
 * (server/errors/), keep their message, written for people; a schema check or a unique
 * constraint nobody named inside a procedure is the caller's mistake, not a hidden fault.
 * tRPC's own refusals (input, sign-in) pass as they are. Returns null to keep the error.
 */
export function trpcErrorOf(error: TRPCError): TRPCError | null {
  const cause = error.cause;
  if (cause instanceof DomainError) return new TRPCError({ code: cause.trpcCode, message: cause.message, cause });
  // What a procedure throws besides its domain errors arrives as INTERNAL_SERVER_ERROR.
  if (error.code !== 'INTERNAL_SERVER_ERROR') return null;
  const failure = failureOf(cause);
  if (failure.kind === 'invalid') {
    const field = paramName(failure.issue.path) || 'input';
    return new TRPCError({ code: 'BAD_REQUEST', message: `Invalid \`${field}\`: ${failure.issue.message}`, cause });
  }
  if (failure.kind === 'duplicate') return new TRPCError({ code: 'CONFLICT', message: 'That already exists.', cause });
  return null;
}

/** The contract's code of a domain error, which the dashboard words in the reader's language (server/trpc/init.ts sends it as `data.appCode`). */
export const appCodeOf = (error: TRPCError): string | undefined => (error.cause instanceof DomainError ? error.cause.appCode : undefined);

/**
 * A refusal of a server action, mapped as a tRPC call's is: the codes the reader's catalogue
 * words it by (the contract's, then tRPC's) and the message written for people. Null for a
 * fault, which the action lets fail as tRPC does.
 */
export function actionRefusalOf(thrown: unknown): { codes: string[]; message: string } | null {
  const mapped = trpcErrorOf(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: thrown }));
  if (!mapped) return null;
  const appCode = appCodeOf(mapped);
  return { codes: appCode ? [appCode, mapped.code] : [mapped.code], message: mapped.message };
}
