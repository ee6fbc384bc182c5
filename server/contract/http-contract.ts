import type { Failure } from './failure';

/** The languages a contract words its messages in; English where it has one. */
export type ContractLanguage = 'en' | 'ar';

/** An error a contract answers with: its HTTP status and any headers of its own (Retry-After). */
export interface ContractError {
  readonly status: number;
  readonly headers?: Record<string, string>;
}

/**
 * What a JSON-over-HTTP contract declares for its errors; the one mapper (http-error-mapper.ts)
 * does the rest. `own` recognises the contract's error, and turns other domain refusals the
 * contract answers as its own (the organization's rules, for the agent service) into one, as
 * data; `failed` is its error for a failure no domain code named; `envelope` its JSON body.
 */
export interface HttpContract<E extends ContractError> {
  /** Where the contract answers, for the server log. */
  readonly prefix: string;
  own(thrown: unknown): E | null;
  failed(failure: Failure, requestId: string): E;
  envelope(error: E, requestId: string, language: ContractLanguage): unknown;
  /** Headers the contract adds for some errors (`x-should-retry`). */
  headersFor?(error: E): Record<string, string>;
}
