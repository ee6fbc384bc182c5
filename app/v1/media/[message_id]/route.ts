import { getMedia as getMediaSpec } from '@/server/api/endpoints/media';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { mediaResponseHeaders } from '@/server/media/media-response-headers';
import { openOwnMessageMedia } from '@/server/messages/open-own-message-media';

const get = apiRoute(getMediaSpec, async ({ caller, params }) => {
  const media = await openOwnMessageMedia(caller.orgId, params.message_id);
  return new Response(media.stream, { headers: mediaResponseHeaders(media, { inline: false }) });
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
