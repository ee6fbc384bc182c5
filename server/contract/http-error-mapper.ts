import { logger } from '@/server/logger';
import { failureOf } from './failure';
import type { ContractError, ContractLanguage, HttpContract } from './http-contract';

/** A contract's error for anything thrown: its own as it is, other domain refusals as it declares, the rest by kind of failure. */
export function contractErrorOf<E extends ContractError>(contract: HttpContract<E>, thrown: unknown, requestId: string): E {
  const own = contract.own(thrown);
  if (own) return own;
  const failure = failureOf(thrown);
  if (failure.kind === 'unavailable') logger.warn({ requestId, err: thrown }, `dependency unavailable in ${contract.prefix}`);
  else logger.error({ requestId, err: thrown }, `unhandled error in ${contract.prefix}`);
  return contract.failed(failure, requestId);
}

/**
 * The one mapper of HTTP JSON answers: anything thrown, in the contract's envelope, with the
 * answer's headers, the contract's own for the error, and the error's (Retry-After).
 */
export function errorAnswer<E extends ContractError>(
  contract: HttpContract<E>,
  thrown: unknown,
  headers: Record<string, string>,
  requestId: string,
  language: ContractLanguage = 'en',
): Response {
  const error = contractErrorOf(contract, thrown, requestId);
  return Response.json(contract.envelope(error, requestId, language), {
    status: error.status,
    headers: { ...headers, ...contract.headersFor?.(error), ...error.headers },
  });
}
