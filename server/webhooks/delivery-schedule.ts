/** Wait before each attempt of a chain (docs/messaging-api.md §7): at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const attemptDelaysMs = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

export const maxAttempts = attemptDelaysMs.length;
export const attemptTimeoutMs = 15_000;

/** When the attempt after `attemptsMade` failed attempts of a chain is due, or null when the chain is over. */
export function nextAttemptAt(now: Date, attemptsMade: number): Date | null {
  const delay = attemptDelaysMs[attemptsMade];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
