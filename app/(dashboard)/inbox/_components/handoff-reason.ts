import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/** Reasons the service writes in words rather than as a code. */
const REASON_KEYS: Record<string, string> = { 'requested by the AI': 'requested_by_ai' };

/** A code-like reason the model made up (`billing_dispute`): shown as words, not as a code. */
const CODE_LIKE = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;

/**
 * A handoff's reason in plain words: the ones the service and the simulator write come from the
 * catalogue in the reader's language; a model's own reason is shown as it wrote it (isolated by
 * the caller: it may be in another script), with underscores turned to spaces.
 */
export function useHandoffReason() {
  const t = useTranslations('inbox.handoff.reasons');
  return useCallback(
    (reason: string) => {
      const key = REASON_KEYS[reason] ?? reason;
      if (t.has(key)) return t(key);
      return CODE_LIKE.test(reason) ? reason.replaceAll('_', ' ') : reason;
    },
    [t],
  );
}
