import { ApiError, notFound } from '@/server/errors/api-error';
import { isId } from '@/server/db/ids';
import { openMessageMedia } from '@/server/media/store-message-media';

/** The stored file of one of the organization's messages; 404 when it has none or is not theirs. */
export async function openOwnMessageMedia(orgId: string, messageId: string) {
  if (!isId('message', messageId)) {
    throw new ApiError('invalid_parameter', '`message_id` is not a message id.', { param: 'message_id' });
  }
  const media = await openMessageMedia(orgId, messageId);
  if (!media) throw notFound('media for that message', 'message_id');
  return media;
}
