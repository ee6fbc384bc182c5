import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { MIB } from '../agent-parse';
import { agentListOf, deletedObject } from '../responses/common';
import { knowledgeSourceResponse } from '../responses/resources';

const sourceParams = z.object({ knowledge_source: z.string().regex(/^ks_[0-9A-Za-z]{22}$/, 'a ks_ id') });
const name = z.string().trim().min(1).max(100);
const content = z.string().min(1);

export const createKnowledgeSourceEndpoint = defineEndpoint({
  operationId: 'createKnowledgeSource',
  method: 'POST',
  path: '/v1/knowledge_sources',
  tag: 'Knowledge',
  summary: 'Add a knowledge source',
  description:
    'Text or markdown given in `content`, or a page read from `url` (https on port 443 or 8443, a public address, no redirects, ' +
    'at most 5 MiB, HTML reduced to its text). Answers 202 with `status: indexing`; the source becomes `ready` once split into passages ' +
    'and indexed for `search_knowledge` (full-text, Arabic and English alike), or `failed` with `error` saying why. The body may be up to 5 MiB.',
  access: 'project',
  permission: 'knowledge:write',
  maxBodyBytes: 5 * MIB,
  body: z.discriminatedUnion('type', [
    z.strictObject({ name, type: z.enum(['text', 'markdown']), content }),
    z.strictObject({ name, type: z.literal('url'), url: z.string().min(1).max(2048) }),
  ]),
  idempotent: true,
  response: { status: 202, description: 'The source, `status: indexing`.', schema: knowledgeSourceResponse },
  errors: ['url_not_allowed', 'name_taken', 'idempotency_key_reused', 'idempotency_in_progress', 'invalid_idempotency_key'],
});

export const listKnowledgeSourcesEndpoint = defineEndpoint({
  operationId: 'listKnowledgeSources',
  method: 'GET',
  path: '/v1/knowledge_sources',
  tag: 'Knowledge',
  summary: 'List knowledge sources',
  access: 'project',
  permission: 'knowledge:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of sources, newest first.', schema: agentListOf(knowledgeSourceResponse) },
  errors: ['invalid_cursor'],
});

export const getKnowledgeSourceEndpoint = defineEndpoint({
  operationId: 'getKnowledgeSource',
  method: 'GET',
  path: '/v1/knowledge_sources/{knowledge_source}',
  tag: 'Knowledge',
  summary: 'Get a knowledge source',
  access: 'project',
  permission: 'knowledge:read',
  params: sourceParams,
  response: { status: 200, description: 'The source with its indexing status.', schema: knowledgeSourceResponse },
  errors: ['resource_not_found'],
});

export const deleteKnowledgeSourceEndpoint = defineEndpoint({
  operationId: 'deleteKnowledgeSource',
  method: 'DELETE',
  path: '/v1/knowledge_sources/{knowledge_source}',
  tag: 'Knowledge',
  summary: 'Delete a knowledge source',
  description: 'Its passages go with it. Agents that name it must drop it before their next save or publish (`reference_not_found`).',
  access: 'project',
  permission: 'knowledge:write',
  params: sourceParams,
  response: { status: 200, description: '`{id, object: "knowledge_source", deleted: true}`.', schema: deletedObject('knowledge_source') },
  errors: ['resource_not_found'],
});

export const knowledgeSourceEndpoints = [
  createKnowledgeSourceEndpoint,
  listKnowledgeSourcesEndpoint,
  getKnowledgeSourceEndpoint,
  deleteKnowledgeSourceEndpoint,
];
