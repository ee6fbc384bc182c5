import { sendMessage as sendMessageSpec } from '@/server/api/endpoints/messages';
import { apiRoute } from '@/server/api/route';
import { presentMessage } from '@/server/messages/present-message';
import { sendMessage } from '@/server/messages/send-message';

export const POST = apiRoute(sendMessageSpec, async ({ caller, body }) => {
  const message = await sendMessage(caller.orgId, body);
  const { id, contact_id, to, from, type, direction, status, content, has_media, created_at } = presentMessage(message);
  return { id, contact_id, to, from, type, direction, status, content, has_media, created_at };
});
