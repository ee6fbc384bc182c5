import { isId } from '@/server/db/ids';
import { resolveDashboardOrg } from '@/server/inbox/resolve-dashboard-org';
import { mediaResponseHeaders } from '@/server/media/media-response-headers';
import { openMessageMedia } from '@/server/media/store-message-media';

export const dynamic = 'force-dynamic';

/** A message's media for the inbox, shown inline when safe; only for members of the message's organization. */
export async function GET(request: Request, { params }: { params: Promise<{ message_id: string }> }) {
  const who = await resolveDashboardOrg(request);
  if (!who) return new Response('Sign in to continue.', { status: 401 });
  const { message_id: messageId } = await params;
  const media = isId('message', messageId) ? await openMessageMedia(who.orgId, messageId) : null;
  if (!media) return new Response('Not found.', { status: 404 });
  const download = new URL(request.url).searchParams.has('download');
  return new Response(media.stream, {
    headers: { ...mediaResponseHeaders(media, { inline: !download }), 'Cache-Control': 'private, max-age=3600' },
  });
}
