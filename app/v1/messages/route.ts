import { sendMessage as sendMessageSpec } from '@/server/api/endpoints/messages';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { presentMessage } from '@/server/messages/present-message';
import { sendMessage } from '@/server/messages/send-message';

const post = apiRoute(sendMessageSpec, async ({ caller, body }) => {
  const message = await sendMessage(caller.orgId, body, undefined, { author: { type: 'api' } });
  const { id, contact_id, to, from, type, direction, status, content, has_media, author_type = null, created_at } = presentMessage(message);
  return { id, contact_id, to, from, type, direction, status, content, has_media, author_type, created_at };
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
