import { z } from 'zod';
import { isId } from '@/server/db/ids';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { pagingQuery } from '../paging';
import { listOf, messageSchema, timestamp } from '../schemas';

const conversationSchema = z.object({
  contact_id: z.string(),
  phone_number: z.string().describe('E.164.'),
  name: z.string().nullable(),
  channel: z.string().describe('The messaging channel, e.g. `whatsapp`.'),
  account: z.string().nullable().describe('Name of the account the conversation runs on.'),
  last_message_at: timestamp.nullable(),
  last_message: z.string().nullable().describe('Preview of the latest message.'),
  unread: z
    .boolean()
    .describe('True when nobody on the business side has opened the thread since the customer last wrote (shared inbox, not per agent).'),
  window_open_until: timestamp
    .optional()
    .describe("When the 24-hour customer service window closes, from the customer's last message. Absent when it is closed."),
  tags: z.array(z.string()),
  created_at: timestamp,
});

export const listConversations = defineEndpoint({
  operationId: 'listConversations',
  method: 'GET',
  path: '/v1/conversations',
  tag: 'Conversations',
  summary: 'List conversations, most recent activity first',
  description:
    'One entry per contact that has messages. Contacts flagged `external_only` (known only from messages another system logged) are left out; ' +
    'read them through `GET /v1/contacts`. An `account` that names no account of the organization is 422 `account_not_found`.',
  scope: 'messages:read',
  query: z
    .object({
      search: z.string().min(1).max(100).optional().describe('Matches part of the phone number or the name.'),
      account: z.string().min(1).optional().describe('Only conversations on this account, by name.'),
      ...pagingQuery,
    })
    .strict(),
  response: { status: 200, description: 'A page of conversations', schema: listOf(conversationSchema) },
  errors: ['invalid_parameter', 'account_not_found'],
});

export const listConversationMessages = defineEndpoint({
  operationId: 'listConversationMessages',
  method: 'GET',
  path: '/v1/conversations/{contact_id}/messages',
  tag: 'Conversations',
  summary: 'Messages of one conversation, newest first',
  description:
    'Incoming and outgoing messages with a contact. For a message with `has_media`, fetch the bytes from `GET /v1/media/{message_id}`. ' +
    'Reading a thread here does not mark it read in the shared inbox.',
  scope: 'messages:read',
  params: z.object({
    contact_id: z
      .string()
      .refine((id) => isId('contact', id), { message: 'not a contact id (ct_ and 22 characters).' })
      .describe('Contact id, as in the conversation list.'),
  }),
  query: z.object({ ...pagingQuery }).strict(),
  response: { status: 200, description: 'A page of messages', schema: listOf(messageSchema) },
  errors: ['invalid_parameter', 'resource_not_found'],
});

export const endpoints = [listConversations, listConversationMessages];
