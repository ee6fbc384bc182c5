import { z } from 'zod';
import { contactName, contactTags, optedOutMarketing } from '@/server/contacts/contact-fields';
import { isId } from '@/server/db/ids';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { pagingQuery } from '../paging';
import { listOf, timestamp } from '../schemas';

export const contactSchema = z.object({
  id: z.string(),
  phone_number: z.string().describe('E.164, e.g. +14155552671.'),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  external_only: z.boolean().describe('Exists only because another system logged a message it had sent; never in conversation lists.'),
  opted_out_marketing: z.boolean(),
  account: z.string().nullable().describe('Name of the account the conversation runs on; null until there is one.'),
  created_at: timestamp,
});

const contactIdParams = z.object({
  id: z.string().refine((id) => isId('contact', id), { message: 'not a contact id (ct_ and 22 characters).' }),
});

const phoneNumber = z.string().max(64).describe('In international format (+ and country code); stored as E.164.');

export const listContacts = defineEndpoint({
  operationId: 'listContacts',
  method: 'GET',
  path: '/v1/contacts',
  tag: 'Contacts',
  summary: 'Contacts of the organization, newest first, external_only ones included',
  scope: 'contacts:read',
  query: z
    .object({
      ...pagingQuery,
      search: z.string().max(100).optional().describe('Matches part of the name (any case) or, given digits, part of the phone number.'),
    })
    .strict(),
  response: { status: 200, description: 'A page of contacts', schema: listOf(contactSchema) },
  errors: ['invalid_parameter'],
});

export const createContact = defineEndpoint({
  operationId: 'createContact',
  method: 'POST',
  path: '/v1/contacts',
  tag: 'Contacts',
  summary: 'Create a contact',
  description:
    'A phone number already stored for the organization is refused with 409 `contact_exists`, whose message names the existing contact; nothing is merged.',
  scope: 'contacts:write',
  body: z.strictObject({
    phone_number: phoneNumber,
    name: contactName.optional(),
    tags: contactTags.optional(),
    opted_out_marketing: optedOutMarketing.optional(),
  }),
  bodyOptional: true,
  idempotent: true,
  response: { status: 201, description: 'The created contact', schema: contactSchema },
  errors: [
    'invalid_json',
    'unknown_field',
    'missing_parameter',
    'invalid_parameter',
    'contact_exists',
    'idempotency_key_reused',
    'idempotency_in_progress',
  ],
});

export const getContact = defineEndpoint({
  operationId: 'getContact',
  method: 'GET',
  path: '/v1/contacts/{id}',
  tag: 'Contacts',
  summary: 'Read a contact',
  scope: 'contacts:read',
  params: contactIdParams,
  response: { status: 200, description: 'The contact', schema: contactSchema },
  errors: ['invalid_parameter', 'resource_not_found'],
});

export const updateContact = defineEndpoint({
  operationId: 'updateContact',
  method: 'PATCH',
  path: '/v1/contacts/{id}',
  tag: 'Contacts',
  summary: "Change a contact's name, tags or marketing opt-out",
  description: 'Fields left out are unchanged; `tags` replaces the whole list.',
  scope: 'contacts:write',
  params: contactIdParams,
  body: z
    .strictObject({ name: contactName.optional(), tags: contactTags.optional(), opted_out_marketing: optedOutMarketing.optional() })
    .refine((body) => Object.keys(body).length > 0, { message: 'give at least one of name, tags, opted_out_marketing.' }),
  bodyOptional: true,
  response: { status: 200, description: 'The updated contact', schema: contactSchema },
  errors: ['invalid_json', 'unknown_field', 'invalid_parameter', 'resource_not_found'],
});

export const endpoints = [listContacts, createContact, getContact, updateContact];
