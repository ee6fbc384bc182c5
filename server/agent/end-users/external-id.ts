import type { AgentWarningCode } from '@/server/errors/agent-codes';
import { AgentError } from '@/server/errors/agent-error';

/** docs/agent-api.md §1.1: 1–128 of `[A-Za-z0-9._:-]`, first a letter or digit. */
const externalIdPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The id prefix an external id of each kind may not start with, so the two can never be confused. */
const reservedPrefix = { end_user: 'eu_', session: 'sess_' } as const;

/** Refuses an external id outside the rule with 422 `external_id_invalid` at `param`. */
export function checkExternalId(value: string, kind: keyof typeof reservedPrefix, param: string): void {
  if (!externalIdPattern.test(value) || value.startsWith(reservedPrefix[kind])) throw new AgentError('external_id_invalid', { param });
}

// A phone number written with or without separators: 7 to 15 digits (E.164 without its +).
const phoneLike = /^[0-9](?:[0-9.:-]*[0-9])?$/;
// `@` is outside the allowed characters, so an address arrives with it replaced:
// `jane.doe.example.com`, `jane_at_example.com`, `jane-at-example.com`.
const emailLike =
  /(?:^[A-Za-z0-9._-]+[._-]at[._-]|^[A-Za-z][A-Za-z0-9_-]*\.[A-Za-z0-9][A-Za-z0-9_-]*\.)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;

/**
 * Warnings for an external id that is personal data (docs/agent-api.md §1.1): it passes, but ids
 * are logged and shown, so an opaque id of the caller's own is better.
 */
export function externalIdWarning(value: string): AgentWarningCode | null {
  const digits = value.replace(/[.:-]/g, '');
  if (phoneLike.test(value) && digits.length >= 7 && digits.length <= 15) return 'external_id_looks_like_phone';
  if (emailLike.test(value)) return 'external_id_looks_like_email';
  return null;
}
