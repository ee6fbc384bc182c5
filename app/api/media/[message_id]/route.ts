import { isId } from '@/server/db/ids';
import { resolveDashboardOrg } from '@/server/inbox/resolve-dashboard-org';
import { openMessageMedia } from '@/server/media/store-message-media';

export const dynamic = 'force-dynamic';

/** A message's media for the inbox, shown inline; only for members of the message's organization. */
export async function GET(request: Request, { params }: { params: Promise<{ message_id: string }> }) {
  const who = await resolveDashboardOrg(request);
  if (!who) return new Response('Sign in to continue.', { status: 401 });
  const { message_id: messageId } = await params;
  const media = isId('message', messageId) ? await openMessageMedia(who.orgId, messageId) : null;
  if (!media) return new Response('Not found.', { status: 404 });
  const filename = (media.filename ?? 'media').replace(/[^\x20-\x7e]|"/g, '_');
  const download = new URL(request.url).searchParams.has('download');
  return new Response(media.stream, {
    headers: {
      'Content-Type': media.contentType,
      'Content-Length': String(media.size),
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${filename}"`,
      // Customer files are untrusted: never sniffed, never run as a page of this origin.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'; media-src 'self'; img-src 'self'",
      'Cache-Control': 'private, max-age=3600',
    },
  });
}
