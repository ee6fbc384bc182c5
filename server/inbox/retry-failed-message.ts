import { ApiError, notFound } from '@/server/errors/api-error';
import { db, type Prisma } from '@/server/db';
import { insertOutgoingMessage } from '@/server/messages/queue-outgoing-message';
import { assertMaySend } from '@/server/messages/send-message';

/**
 * Sends a failed outgoing message again, as a new message (the failed one stays in the thread
 * as it was), under today's rules: free-form only inside the 24-hour window, a template only
 * while approved and, for marketing, to a contact who has not opted out. Files are attached
 * anew rather than retried.
 */
export async function retryFailedMessage(orgId: string, messageId: string) {
  const failed = await db.message.findFirst({
    where: { id: messageId, orgId, direction: 'outgoing', status: 'failed' },
    include: {
      contact: { select: { lastInboundAt: true, optedOutMarketing: true, phoneNumber: true } },
      template: { select: { status: true, category: true, name: true } },
    },
  });
  if (!failed) throw notFound('failed message');
  if (failed.hasMedia)
    throw new ApiError('invalid_parameter', 'A message with a file is sent again by attaching the file anew.', { param: 'messageId' });
  if (failed.type === 'template') {
    if (!failed.template) throw new ApiError('template_not_approved', `Template \`${failed.templateName}\` no longer exists; choose another.`);
    if (failed.template.status !== 'APPROVED') {
      throw new ApiError('template_not_approved', `Template \`${failed.template.name}\` is ${failed.template.status}, not APPROVED.`);
    }
  }
  // A message's contact is a WhatsApp one, with a number.
  assertMaySend(failed.contact.phoneNumber ?? '', failed.contact, failed.type === 'template' ? failed.template : null);
  return db.$transaction((tx) =>
    insertOutgoingMessage(tx, {
      orgId,
      accountId: failed.accountId,
      contactId: failed.contactId,
      type: failed.type,
      content: failed.content,
      platformBody: failed.payload as Prisma.InputJsonObject,
      templateId: failed.templateId ?? undefined,
      templateName: failed.templateName ?? undefined,
      botReply: failed.botReply,
      // The same message again: its author stays the one who wrote it.
      author: failed.authorType
        ? {
            type: failed.authorType,
            agentId: failed.authorAgentId ?? undefined,
            runId: failed.authorRunId ?? undefined,
            userId: failed.authorUserId ?? undefined,
          }
        : undefined,
    }),
  );
}
