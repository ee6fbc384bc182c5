import { recordFirstResponse } from '@/server/conversations/conversation-periods';
import { createHash } from 'node:crypto';
import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { formatBytes, linkMediaMaxBytes, mediaRules, mediaTypes, normaliseContentType, type MediaType } from '@/server/media/media-rules';
import { sendMessage } from '@/server/messages/send-message';
import { markConversationRead } from './mark-conversation-read';

/** The message type a file goes out as: the first type whose platform rules accept its content type. */
export function attachmentType(contentType: string): MediaType | null {
  const normalised = normaliseContentType(contentType);
  return mediaTypes.find((type) => mediaRules[type].contentTypes.includes(normalised)) ?? null;
}

/**
 * A file an agent attaches in the inbox, sent through the same send service as the API (so
 * the window rule applies), stored with the message and uploaded to the platform by the
 * worker. Sizes are capped as for `link` media.
 */
export async function sendInboxAttachment(
  orgId: string,
  contactId: string,
  file: { bytes: Uint8Array; contentType: string; filename: string; caption?: string; authorId?: string },
) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId }, select: { id: true } });
  if (!contact) throw notFound('conversation');
  const type = attachmentType(file.contentType);
  if (!type) {
    throw new ApiError(
      'invalid_parameter',
      `Files of type ${file.contentType || 'unknown'} cannot be sent. Send an image (JPEG, PNG), video (MP4), audio or a PDF or Office document.`,
      { param: 'file' },
    );
  }
  if (file.bytes.byteLength > linkMediaMaxBytes(type)) {
    throw new ApiError(
      'media_too_large',
      `This ${type} is ${formatBytes(file.bytes.byteLength)}; at most ${formatBytes(linkMediaMaxBytes(type))} can be sent.`,
      { param: 'file' },
    );
  }
  const caption = file.caption?.trim() || undefined;
  const object = type === 'document' ? { filename: file.filename, caption } : type === 'audio' ? {} : { caption };
  const message = await sendMessage(
    orgId,
    { contact_id: contactId, type, [type]: object } as Parameters<typeof sendMessage>[1],
    {
      bytes: file.bytes,
      contentType: normaliseContentType(file.contentType),
      filename: file.filename,
      size: file.bytes.byteLength,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    },
    { author: { type: 'member', userId: file.authorId } },
  );
  await markConversationRead(orgId, contactId);
  if (file.authorId) await recordFirstResponse(orgId, contactId, file.authorId);
  return message;
}
