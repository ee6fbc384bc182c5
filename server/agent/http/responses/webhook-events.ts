import { z } from 'zod';
import { agentEventCatalogue, type AgentEventType } from '@/server/agent/webhooks/agent-event-types';
import { webhookOperation, type JsonSchema, type OpenApiWebhook } from '@/server/contract/openapi';
import { timestamp } from './common';
import { handoffResponse, messageResponse, runResponse, sessionResponse } from './conversations';
import { outputSchema } from './named-schemas';
import { ticketResponse } from './resources';

/**
 * What each agent event's delivery carries: `{id, type, created_at, project, data}`
 * (server/agent/webhooks/record-agent-event.ts), `data` being the subject as the API presents it.
 */
const usage = z.looseObject({ object: z.literal('usage'), project: z.string(), reached_at: timestamp });

const eventData: Record<AgentEventType, z.ZodType> = {
  'session.created': sessionResponse,
  'session.closed': sessionResponse,
  'message.created': messageResponse,
  'run.completed': runResponse,
  'run.failed': runResponse,
  'run.requires_action': runResponse,
  'handoff.opened': handoffResponse,
  'handoff.assigned': handoffResponse,
  'handoff.released': handoffResponse,
  'handoff.resolved': handoffResponse,
  'handoff.expired': handoffResponse,
  'ticket.created': ticketResponse,
  'usage.cost_cap_reached': usage,
  'usage.quota_reached': usage,
};

export const agentEventPayload = (type: AgentEventType) =>
  z.strictObject({
    id: z.string().describe('The event id; a retried delivery repeats it.'),
    type: z.literal(type),
    created_at: timestamp,
    project: z.string(),
    test: z.literal(true).optional().describe('Only on test sends, whose `data` is made up.'),
    data: eventData[type],
  });

/** The document's `webhooks` section: one entry per event of the catalogue, its `data` a named resource. */
export const agentWebhooks = (components: Record<string, JsonSchema>): Record<string, OpenApiWebhook> =>
  Object.fromEntries(
    agentEventCatalogue.map(({ type, description }) => [
      type,
      webhookOperation(type, description, outputSchema(agentEventPayload(type), components)),
    ]),
  );
