let lastIssued = 0;

/**
 * Creation times for messages this process writes one after another: each at least a
 * millisecond after the previous one it gave. A session's history is ordered by time at
 * millisecond precision (then by a random id), so a round's tool results and the reply after
 * them, written within the same millisecond, would otherwise come out shuffled.
 */
export function nextMessageTimes(count: number): Date[] {
  return Array.from({ length: count }, () => {
    lastIssued = Math.max(Date.now(), lastIssued + 1);
    return new Date(lastIssued);
  });
}
