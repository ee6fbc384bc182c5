import { z } from 'zod';
import { contactTags, optedOutMarketing } from '@/server/contacts/contact-fields';
import { assignConversation } from '@/server/inbox/assign-conversation';
import {
  claimConversationHandoff,
  getConversationHandoff,
  releaseConversationHandoff,
  resolveInboxConversation,
  type InboxMember,
} from '@/server/inbox/conversation-handoff';
import { addConversationNote, listConversationNotes } from '@/server/inbox/conversation-notes';
import { getInboxConversation } from '@/server/inbox/get-inbox-conversation';
import { listInboxAgents } from '@/server/inbox/list-inbox-agents';
import { setConversationStatus } from '@/server/conversations/conversation-status';
import { listConversationEvents } from '@/server/conversations/conversation-events';
import { CONVERSATION_CHANNELS } from '@/server/conversations/query-conversations';
import { countInboxConversations, INBOX_ASSIGNMENT_FILTERS, listInboxConversations } from '@/server/inbox/list-inbox-conversations';
import { listInboxMessages } from '@/server/inbox/list-inbox-messages';
import { listReplyTemplates } from '@/server/inbox/list-reply-templates';
import { markConversationRead } from '@/server/inbox/mark-conversation-read';
import {
  createSavedReply,
  deleteSavedReply,
  fillSavedReplyFor,
  listSavedReplies,
  savedReplyInput,
  updateSavedReply,
} from '@/server/inbox/saved-replies';
import { retryFailedMessage } from '@/server/inbox/retry-failed-message';
import { templateAllowance } from '@/server/inbox/template-allowance';
import { sendInboxReply } from '@/server/inbox/send-inbox-reply';
import { INBOX_REACTION_EMOJI } from '@/server/inbox/inbox-reactions';
import { reactToMessage } from '@/server/inbox/react-to-message';
import { simulateCustomer, simulateNewCustomer } from '@/server/inbox/simulate-customer';
import { updateConversationContact } from '@/server/inbox/update-conversation-contact';
import { createTRPCRouter, orgProcedure } from '../init';

const contactId = z.string().min(1).max(64);
const savedReplyId = z.string().min(1).max(64);
const inboxFilters = z.object({
  search: z.string().max(100).optional(),
  accountId: z.string().max(64).optional(),
  filter: z.enum(INBOX_ASSIGNMENT_FILTERS).default('all'),
  tag: z.string().max(50).optional(),
  channel: z.enum(CONVERSATION_CHANNELS).optional(),
});
const variables = z.record(z.string(), z.string().max(1024));
const handoffId = z.string().min(1).max(64);
const member = (ctx: { user: { id: string; email: string }; org: { id: string }; role: InboxMember['role'] }): InboxMember => ({
  userId: ctx.user.id,
  email: ctx.user.email,
  orgId: ctx.org.id,
  role: ctx.role,
});

export const inboxRouter = createTRPCRouter({
  conversations: orgProcedure
    .input(
      inboxFilters.extend({
        cursor: z.string().max(512).nullish(),
        status: z.enum(['open', 'snoozed', 'resolved', 'all']).default('all'),
      }),
    )
    .query(({ ctx, input }) =>
      listInboxConversations(ctx.org.id, {
        ...input,
        cursor: input.cursor ?? undefined,
        status: input.status === 'all' ? undefined : input.status,
        userId: ctx.user.id,
        limit: 30,
      }),
    ),

  counts: orgProcedure.input(inboxFilters).query(({ ctx, input }) => countInboxConversations(ctx.org.id, { ...input, userId: ctx.user.id })),

  setStatus: orgProcedure
    .input(
      z.object({
        contactId,
        change: z.discriminatedUnion('status', [
          z.object({ status: z.literal('open') }),
          z.object({ status: z.literal('snoozed'), until: z.coerce.date() }),
        ]),
      }),
    )
    .mutation(({ ctx, input }) => setConversationStatus(ctx.org.id, input.contactId, input.change, new Date(), ctx.user.id)),

  /** Resolve, ending the AI handoff with it; `confirmed` once the member agreed to end a colleague's. */
  resolve: orgProcedure
    .input(z.object({ contactId, confirmed: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => resolveInboxConversation(member(ctx), input.contactId, { confirmed: input.confirmed })),

  events: orgProcedure.input(z.object({ contactId })).query(({ ctx, input }) => listConversationEvents(ctx.org.id, input.contactId)),

  conversation: orgProcedure.input(z.object({ contactId })).query(({ ctx, input }) => getInboxConversation(ctx.org.id, input.contactId)),

  messages: orgProcedure
    .input(z.object({ contactId, cursor: z.string().max(512).nullish() }))
    .query(({ ctx, input }) => listInboxMessages(ctx.org.id, input.contactId, { limit: 40, cursor: input.cursor ?? undefined })),

  markRead: orgProcedure.input(z.object({ contactId })).mutation(({ ctx, input }) => markConversationRead(ctx.org.id, input.contactId)),

  reply: orgProcedure
    .input(
      z.object({
        contactId,
        /** Chosen by the browser per reply: sending it again never makes a second message. */
        clientId: z.string().min(8).max(64).optional(),
        reply: z.discriminatedUnion('type', [
          z.object({ type: z.literal('text'), body: z.string().trim().min(1).max(4096) }),
          z.object({ type: z.literal('template'), templateId: z.string().min(1).max(64), parameters: variables, headerParameters: variables }),
        ]),
      }),
    )
    .mutation(({ ctx, input }) => sendInboxReply(ctx.org.id, input.contactId, input.reply, input.clientId, ctx.user.id)),

  /** React to a customer's message (`emoji` null removes the reaction); sent to the platform by a queue job. */
  react: orgProcedure
    .input(z.object({ messageId: z.string().min(1).max(64), emoji: z.enum(INBOX_REACTION_EMOJI).nullable() }))
    .mutation(({ ctx, input }) => reactToMessage(ctx.org.id, input.messageId, input.emoji)),

  retry: orgProcedure
    .input(z.object({ messageId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => retryFailedMessage(ctx.org.id, input.messageId)),

  templateAllowance: orgProcedure.input(z.object({ contactId })).query(({ ctx, input }) => templateAllowance(ctx.org.id, input.contactId)),

  templates: orgProcedure
    .input(z.object({ accountId: z.string().max(64).nullable() }))
    .query(({ ctx, input }) => listReplyTemplates(ctx.org.id, input.accountId)),

  agents: orgProcedure.query(({ ctx }) => listInboxAgents(ctx.org.id)),

  assign: orgProcedure
    .input(z.object({ contactId, assigneeId: z.string().min(1).max(64).nullable() }))
    .mutation(({ ctx, input }) => assignConversation(ctx.org.id, input.contactId, input.assigneeId, ctx.user.id)),

  handoff: orgProcedure.input(z.object({ contactId })).query(({ ctx, input }) => getConversationHandoff(member(ctx), input.contactId)),

  claimHandoff: orgProcedure
    .input(z.object({ handoffId, force: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => claimConversationHandoff(member(ctx), input.handoffId, { force: input.force })),

  releaseHandoff: orgProcedure
    .input(z.object({ handoffId }))
    .mutation(({ ctx, input }) => releaseConversationHandoff(member(ctx), input.handoffId)),

  updateContact: orgProcedure
    .input(z.object({ contactId, tags: contactTags.optional(), optedOutMarketing: optedOutMarketing.optional() }))
    .mutation(({ ctx, input }) =>
      updateConversationContact(ctx.org.id, input.contactId, { tags: input.tags, optedOutMarketing: input.optedOutMarketing }),
    ),

  notes: orgProcedure.input(z.object({ contactId })).query(({ ctx, input }) => listConversationNotes(ctx.org.id, input.contactId)),

  addNote: orgProcedure
    .input(z.object({ contactId, body: z.string().trim().min(1).max(4000) }))
    .mutation(({ ctx, input }) => addConversationNote(ctx.org.id, input.contactId, ctx.user.id, input.body)),

  savedReplies: orgProcedure
    .input(z.object({ prefix: z.string().max(40).optional() }))
    .query(({ ctx, input }) => listSavedReplies(ctx.org.id, input.prefix)),

  fillSavedReply: orgProcedure
    .input(z.object({ id: savedReplyId, contactId }))
    .query(({ ctx, input }) => fillSavedReplyFor(ctx.org.id, input.id, input.contactId)),

  createSavedReply: orgProcedure.input(savedReplyInput).mutation(({ ctx, input }) => createSavedReply(ctx.org.id, ctx.user.id, input)),

  updateSavedReply: orgProcedure
    .input(savedReplyInput.extend({ id: savedReplyId }))
    .mutation(({ ctx, input: { id, ...reply } }) => updateSavedReply(ctx.org.id, id, reply)),

  deleteSavedReply: orgProcedure.input(z.object({ id: savedReplyId })).mutation(({ ctx, input }) => deleteSavedReply(ctx.org.id, input.id)),

  simulate: orgProcedure
    .input(
      z.object({
        contactId,
        action: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('write'), text: z.string().trim().min(1).max(1000) }),
          z.object({ kind: z.literal('tap'), messageId: z.string().min(1).max(64), buttonIndex: z.number().int().min(0).max(9) }),
        ]),
      }),
    )
    .mutation(({ ctx, input }) => simulateCustomer(ctx.org.id, input.contactId, input.action)),

  simulateNew: orgProcedure
    .input(
      z.object({
        accountId: z.string().min(1).max(64),
        phoneNumber: z.string().regex(/^\+\d{8,15}$/, 'International format, e.g. +15550001234'),
        name: z.string().trim().max(100).optional(),
        text: z.string().trim().min(1).max(1000),
      }),
    )
    .mutation(({ ctx, input }) => simulateNewCustomer(ctx.org.id, input)),
});
