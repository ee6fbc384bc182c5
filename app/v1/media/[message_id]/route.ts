import { getMedia as getMediaSpec } from '@/server/api/endpoints/media';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { openOwnMessageMedia } from '@/server/messages/open-own-message-media';

const get = apiRoute(getMediaSpec, async ({ caller, params }) => {
  const media = await openOwnMessageMedia(caller.orgId, params.message_id);
  const filename = media.filename ?? 'media';
  return new Response(media.stream, {
    headers: {
      'Content-Type': media.contentType,
      'Content-Length': String(media.size),
      // RFC 6266: an ASCII fallback plus the exact UTF-8 name.
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  });
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
