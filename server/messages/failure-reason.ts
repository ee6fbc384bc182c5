/**
 * Why a message failed, in words an agent can act on. The platform's own text ("(#131047)
 * Re-engagement message") names a code; this picks the plain explanation (a key of the
 * dashboard's `failure` catalogue, in each language) and whether sending it again can help.
 */
export type FailureAdvice = 'retry' | 'retry_later' | 'use_template' | 'fix_and_resend' | 'none';

interface FailureReason {
  /** Key under `failure` in messages/<locale>.json. */
  key: string;
  advice: FailureAdvice;
}

const reasons: Record<number, FailureReason> = {
  131047: { key: 'windowClosed', advice: 'use_template' },
  131049: { key: 'ecosystemLimit', advice: 'retry_later' },
  131050: { key: 'optedOut', advice: 'none' },
  131026: { key: 'undeliverable', advice: 'none' },
  131021: { key: 'recipientIsSender', advice: 'none' },
  131056: { key: 'pairRateLimit', advice: 'retry_later' },
  130429: { key: 'throughput', advice: 'retry' },
  131000: { key: 'platformTrouble', advice: 'retry' },
  131016: { key: 'platformTrouble', advice: 'retry' },
  131057: { key: 'platformTrouble', advice: 'retry' },
  131031: { key: 'accountRestricted', advice: 'none' },
  131042: { key: 'accountPayment', advice: 'none' },
  131048: { key: 'spamLimit', advice: 'none' },
  368: { key: 'policyBlock', advice: 'none' },
  131051: { key: 'unsupportedType', advice: 'fix_and_resend' },
  131053: { key: 'mediaProblem', advice: 'fix_and_resend' },
  132000: { key: 'templateParameters', advice: 'fix_and_resend' },
  132012: { key: 'templateParameters', advice: 'fix_and_resend' },
  132001: { key: 'templateMissing', advice: 'none' },
  132015: { key: 'templatePaused', advice: 'none' },
  132016: { key: 'templateDisabled', advice: 'none' },
};

/** The platform code in a stored failure text such as "(#131047) Re-engagement message", or null. */
export function platformCodeOf(errorMessage: string | null | undefined): number | null {
  const match = /\(#(\d+)\)/.exec(errorMessage ?? '');
  return match ? Number(match[1]) : null;
}

export function explainFailure(errorMessage: string | null | undefined): FailureReason & { code: number | null } {
  const code = platformCodeOf(errorMessage);
  return { code, ...(code !== null && reasons[code] ? reasons[code] : { key: 'unknown', advice: 'retry' as const }) };
}

/** Every catalogue key `explainFailure` can answer, for the catalogue test. */
export const FAILURE_KEYS = [...new Set([...Object.values(reasons).map((r) => r.key), 'unknown'])];
