const WINDOW_MS = 24 * 3600_000;

/** When the 24-hour customer service window closes, or null once it has. */
export function windowClosesAt(lastInboundAt: Date | null, now = Date.now()): Date | null {
  if (!lastInboundAt) return null;
  const closes = lastInboundAt.getTime() + WINDOW_MS;
  return closes > now ? new Date(closes) : null;
}
