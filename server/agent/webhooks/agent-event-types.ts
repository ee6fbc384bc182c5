/**
 * The events the agent service sends to webhook endpoints (docs/agent-api.md §1.3), each with what
 * its `data` holds. An endpoint subscribes to some of these, or to `["*"]` for all.
 */
export const agentEventCatalogue = [
  { type: 'session.created', description: 'A session was created; `data` is the session.' },
  {
    type: 'session.closed',
    description: 'A session was closed (by PATCH `status: closed` or when a handoff is resolved); `data` is the session.',
  },
  { type: 'message.created', description: 'A message was added to a session (user, assistant, staff); `data` is the message.' },
  { type: 'run.completed', description: 'A run finished with a reply; `data` is the run.' },
  { type: 'run.failed', description: 'A run failed; `data` is the run, with its `error`.' },
  { type: 'run.requires_action', description: 'A run waits for client tool outputs; `data` is the run, with its `required_action`.' },
  { type: 'handoff.opened', description: 'A conversation was handed to a person; `data` is the handoff.' },
  { type: 'handoff.assigned', description: 'A member claimed a handoff; `data` is the handoff.' },
  { type: 'handoff.released', description: 'A handoff went back to the AI; `data` is the handoff.' },
  { type: 'handoff.resolved', description: 'A handoff was resolved; `data` is the handoff.' },
  { type: 'handoff.expired', description: 'An open handoff expired unanswered; `data` is the handoff.' },
  { type: 'ticket.created', description: 'The `create_ticket` tool created a ticket; `data` is the ticket.' },
  { type: 'usage.cost_cap_reached', description: "The organization's daily cost cap was reached; `data` says the cap and the day." },
  { type: 'usage.quota_reached', description: 'A plan quota was reached; `data` says which and when it resets.' },
] as const;

export type AgentEventType = (typeof agentEventCatalogue)[number]['type'];

export const agentEventTypes: readonly string[] = agentEventCatalogue.map((entry) => entry.type);

export const isAgentEventType = (value: string): value is AgentEventType => agentEventTypes.includes(value);

/** GET /v1/webhook_endpoints/event_types: the catalogue as list items. */
export const presentAgentEventTypes = () =>
  agentEventCatalogue.map(({ type, description }) => ({ id: type, object: 'event_type' as const, type, description }));
