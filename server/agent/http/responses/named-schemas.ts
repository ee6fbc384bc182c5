import { z } from 'zod';
import { toSchema, type JsonSchema } from '@/server/contract/openapi';
import { agentConfigSchema } from '@/server/agent/agents/agent-config';
import { chatCompletionResponse } from './chat-completion';
import {
  askResponse,
  handoffResponse,
  messageResponse,
  requiredActionResponse,
  runResponse,
  sessionMessageResult,
  sessionResponse,
} from './conversations';
import * as resources from './resources';

/**
 * The resources the OpenAPI document names in `components/schemas`, so a generated client names
 * them too (`components["schemas"]["Run"]`) and each is written out once.
 */
const names: Record<string, z.ZodType> = {
  Agent: resources.agentResponse,
  AgentConfig: agentConfigSchema,
  AgentVersion: resources.agentVersionResponse,
  ProviderCredential: resources.providerCredentialResponse,
  EndUser: resources.endUserResponse,
  KnowledgeSource: resources.knowledgeSourceResponse,
  Tool: resources.toolResponse,
  Model: resources.modelResponse,
  Ticket: resources.ticketResponse,
  WebhookEndpoint: resources.webhookEndpointResponse,
  WebhookDelivery: resources.webhookDeliveryResponse,
  ClientToken: resources.clientTokenResponse,
  Session: sessionResponse,
  Message: messageResponse,
  RequiredAction: requiredActionResponse,
  Run: runResponse,
  Handoff: handoffResponse,
  SessionMessageResult: sessionMessageResult,
  Ask: askResponse,
  ChatCompletion: chatCompletionResponse,
};
const named = new Map(Object.entries(names).map(([name, schema]) => [schema, name]));

const toComponents = (json: unknown): JsonSchema =>
  JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;

/** A response schema for the document: named resources as `$ref`s, added to `components` once. */
export function outputSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...json } = toSchema(schema, 'output', named);
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[id] ??= toComponents(definition);
  return toComponents(json);
}
