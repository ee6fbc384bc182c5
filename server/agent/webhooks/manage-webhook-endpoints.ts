import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db, type AgentWebhookEndpoint } from '@/server/db';
import { newId } from '@/server/db/ids';
import { AgentError } from '@/server/errors/agent-error';
import { checkCustomerUrl } from '@/server/agent/http/customer-url';
import { pageAgentArray, pageAgentList, type AgentListParams } from '@/server/agent/http/agent-paging';
import { sendTestDelivery } from '@/server/webhooks/send-test-delivery';
import { generateWebhookSecret } from '@/server/webhooks/webhook-rules';
import { isAgentEventType, presentAgentEventTypes, type AgentEventType } from './agent-event-types';
import { presentWebhookDelivery, presentWebhookEndpoint } from './present-webhook-endpoint';

/** docs/agent-errors.md, limits: webhook endpoints per project. */
export const maxWebhookEndpointsPerProject = 10;

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description?: string;
}

export interface WebhookEndpointPatch {
  url?: string;
  events?: string[];
  description?: string;
  disabled?: boolean;
}

/**
 * The event list as stored: catalogue types without repeats, or `["*"]` alone. A type not in
 * the catalogue is 422 `unknown_event_type` at its pointer; `*` among other types is refused too.
 */
function checkEvents(events: string[]): string[] {
  const star = events.indexOf('*');
  if (star >= 0) {
    if (events.length > 1) throw new AgentError('unknown_event_type', { param: `/events/${star}` });
    return ['*'];
  }
  const unknown = events.findIndex((type) => !isAgentEventType(type));
  if (unknown >= 0) throw new AgentError('unknown_event_type', { param: `/events/${unknown}` });
  return [...new Set(events)];
}

/** Creates an endpoint; the answer is the only place its `secret` (`whsec_…`) is ever shown. */
export async function createWebhookEndpoint(projectId: string, input: NewWebhookEndpoint) {
  const events = checkEvents(input.events);
  const url = checkCustomerUrl(input.url, '/url');
  const secret = generateWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    // The project row is locked so two creations at once cannot both be the tenth.
    await tx.$queryRaw`SELECT id FROM agent_projects WHERE id = ${projectId} FOR UPDATE`;
    const count = await tx.agentWebhookEndpoint.count({ where: { projectId } });
    if (count >= maxWebhookEndpointsPerProject) throw new AgentError('webhook_endpoint_limit_reached');
    return tx.agentWebhookEndpoint.create({
      data: { id: newId('agentWebhookEndpoint'), projectId, url, events, description: input.description ?? '', secret },
    });
  });
  await notifyCallerChange();
  return { ...presentWebhookEndpoint(row), secret };
}

export function listWebhookEndpoints(projectId: string, params: AgentListParams) {
  return pageAgentList(
    params,
    (id) => db.agentWebhookEndpoint.findFirst({ where: { id, projectId }, select: { id: true, createdAt: true } }),
    (window) => db.agentWebhookEndpoint.findMany({ where: { AND: [{ projectId }, window.where] }, orderBy: window.orderBy, take: window.take }),
    presentWebhookEndpoint,
  );
}

export async function getWebhookEndpoint(projectId: string, id: string) {
  return presentWebhookEndpoint(await findEndpoint(projectId, id));
}

/** Changes the fields given; a disabled endpoint gets no new deliveries and its pending retries end. */
export async function updateWebhookEndpoint(projectId: string, id: string, patch: WebhookEndpointPatch) {
  await findEndpoint(projectId, id);
  const row = await db.agentWebhookEndpoint.update({
    where: { id },
    data: {
      url: patch.url === undefined ? undefined : checkCustomerUrl(patch.url, '/url'),
      events: patch.events === undefined ? undefined : checkEvents(patch.events),
      description: patch.description,
      disabled: patch.disabled,
    },
  });
  await notifyCallerChange();
  return presentWebhookEndpoint(row);
}

/** Deletes an endpoint with its delivery history; deliveries in flight stop. */
export async function deleteWebhookEndpoint(projectId: string, id: string) {
  const { count } = await db.agentWebhookEndpoint.deleteMany({ where: { id, projectId } });
  if (count === 0) throw notFound();
  await notifyCallerChange();
  return { id, object: 'webhook_endpoint' as const, deleted: true };
}

/** A made-up subject of `type`, for test sends. */
function sampleData(type: AgentEventType, projectId: string, now: string): Record<string, string> {
  const noun = type.split('.')[0]!;
  const prefix: Record<string, string> = { session: 'sess', message: 'msg', run: 'run', handoff: 'ho', ticket: 'tkt', usage: 'usage' };
  if (noun === 'usage') return { object: 'usage', project: projectId, reached_at: now };
  return { id: `${prefix[noun]}_test`, object: noun, project: projectId, created_at: now };
}

/**
 * Sends a signed test event now (the endpoint's first subscribed type, `session.created` for
 * `["*"]`, with made-up `data` and `test: true`), through messaging's delivery code, so it is
 * signed and recorded like a real one; once, without retries, even to a disabled endpoint.
 * Answers the attempt's outcome: a failing receiver is a result, not an error.
 */
export async function testWebhookEndpoint(projectId: string, id: string, options: { timeoutMs?: number } = {}) {
  const endpoint = await findEndpoint(projectId, id);
  const project = await db.agentProject.findUniqueOrThrow({ where: { id: projectId }, select: { orgId: true } });
  const type = (endpoint.events[0] === '*' || endpoint.events[0] === undefined ? 'session.created' : endpoint.events[0]) as AgentEventType;
  const now = new Date();
  const eventId = newId('event');
  const payload = {
    id: eventId,
    type,
    created_at: now.toISOString(),
    project: projectId,
    test: true,
    data: sampleData(type, projectId, now.toISOString()),
  };
  const outcome = await sendTestDelivery({
    orgId: project.orgId,
    receiver: { agentEndpointId: id, projectId },
    eventId,
    type,
    payload,
    now,
    timeoutMs: options.timeoutMs,
  });
  return {
    ok: outcome.success,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    delivery_id: outcome.deliveryId,
    event_id: eventId,
    event_type: type,
    error: outcome.error,
    response_excerpt: outcome.responseBody.slice(0, 1000),
  };
}

/** An endpoint's deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(projectId: string, id: string, params: AgentListParams) {
  await findEndpoint(projectId, id);
  return pageAgentList(
    params,
    (deliveryId) => db.webhookDelivery.findFirst({ where: { id: deliveryId, agentEndpointId: id }, select: { id: true, createdAt: true } }),
    (window) =>
      db.webhookDelivery.findMany({
        where: { AND: [{ agentEndpointId: id }, window.where] },
        orderBy: window.orderBy,
        take: window.take,
        include: { attempts: { orderBy: { attempt: 'asc' } } },
      }),
    presentWebhookDelivery,
  );
}

export const listAgentEventTypes = (params: AgentListParams) => pageAgentArray(params, presentAgentEventTypes());

async function findEndpoint(projectId: string, id: string): Promise<Omit<AgentWebhookEndpoint, 'secret'>> {
  const row = await db.agentWebhookEndpoint.findFirst({ where: { id, projectId } });
  if (!row) throw notFound();
  return row;
}

const notFound = () => new AgentError('resource_not_found', { details: { resource: 'webhook endpoint' } });
