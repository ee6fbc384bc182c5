import type { TRPCErrorCode } from './trpc-code';

/**
 * An error domain code throws on purpose, with a message written for people. It says its own
 * tRPC code, so the dashboard's tRPC maps every contract's errors in one place without knowing
 * them; anything else thrown is an unexpected failure.
 */
export abstract class DomainError extends Error {
  abstract readonly trpcCode: TRPCErrorCode;

  /** The contract's code, passed to the dashboard as `data.appCode` to word the error in the user's language. */
  get appCode(): string | undefined {
    return undefined;
  }
}
