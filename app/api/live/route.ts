import { dashboardRefusal } from '@/server/contract/dashboard-contract';
import { resolveDashboardOrg } from '@/server/inbox/resolve-dashboard-org';
import { streamLiveEvents } from '@/server/live/stream-live-events';

export const dynamic = 'force-dynamic';

/**
 * Live updates for the dashboard as server-sent events: the browser's EventSource reconnects by
 * itself and resends Last-Event-ID, which the organization's Redis stream replays from.
 */
export async function GET(request: Request) {
  const who = await resolveDashboardOrg(request);
  if (!who) return dashboardRefusal(401, 'Sign in to continue.');
  const lastEventId = request.headers.get('last-event-id');
  const stream = streamLiveEvents(who.orgId, lastEventId && /^\d+-\d+$/.test(lastEventId) ? lastEventId : null, request.signal);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
}
