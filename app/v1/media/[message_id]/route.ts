import { getMedia as getMediaSpec } from '@/server/api/endpoints/media';
import { apiRoute } from '@/server/api/route';
import { mediaResponseHeaders } from '@/server/media/media-response-headers';
import { openOwnMessageMedia } from '@/server/messages/open-own-message-media';

export const GET = apiRoute(getMediaSpec, async ({ caller, params }) => {
  const media = await openOwnMessageMedia(caller.orgId, params.message_id);
  return new Response(media.stream, { headers: mediaResponseHeaders(media, { inline: false }) });
});
