import { db } from '@/server/db';
import { AgentError } from '@/server/errors/agent-error';
import type { AgentConfig, AgentVariable } from '@/server/agent/agents/agent-config';
import type { VariableValue } from '@/server/agent/ask/ask-variables';
import { searchKnowledge } from '@/server/agent/knowledge/search-knowledge';
import { openTicket, presentTicket } from '@/server/agent/tickets/manage-tickets';
import type { ModelTool, ModelToolCall } from '@/server/agent/providers/model-events';
import { callHttpTool } from '@/server/agent/tools/call-http-tool';
import { toolHost } from '@/server/agent/tools/check-tool';
import { checkArguments } from '@/server/agent/tools/parameters-validator';
import { placeholdersIn, type PlaceholderScope } from '@/server/agent/tools/placeholders';
import type { ResponseProjection } from '@/server/agent/tools/project-response';
import type { ToolHttp } from '@/server/agent/tools/tool-schema';
import { redact } from './redact-secrets';

/** Tool calls run per round (docs/agent-errors.md, Limits); extras get `too_many_calls`. */
export const MAX_CALLS_PER_ROUND = 5;

/** What a server-side tool call gave: the output the model reads, and what the run's events show. */
export interface ToolCallResult {
  callId: string;
  name: string;
  output: string;
  ok: boolean;
}

type ServerTool = (args: Record<string, unknown>) => Promise<unknown>;

export interface RunTools {
  /** Offered to the model. */
  modelTools: ModelTool[];
  server: Map<string, { parameters: object; call: ServerTool }>;
  /** Client tools: calling one pauses the run for its output (`requires_action`). */
  client: Set<string>;
  /** The builtin `handoff` is offered: calling it ends the run, handed to staff. */
  handoff: boolean;
}

export interface ToolContext {
  projectId: string;
  sessionId: string;
  runId: string;
  endUserId: string | null;
  variables: Map<string, { value: VariableValue; secret: boolean }>;
  declared: AgentVariable[];
  endUser: { external_id: string; traits: Record<string, unknown>; verified: boolean } | null;
}

/**
 * The tools of a session run (docs/agent-api.md §1.10): the agent's HTTP tools (those that need a
 * verified customer only when the end user is one), `search_knowledge` over its knowledge
 * sources, `create_ticket`, `handoff` (which the run itself carries out: it ends the run) and
 * its client tools.
 */
export async function loadRunTools(config: AgentConfig, context: ToolContext): Promise<RunTools> {
  const tools: RunTools = { modelTools: [], server: new Map(), client: new Set(), handoff: false };
  const rows = config.tools.http.length
    ? await db.agentTool.findMany({ where: { projectId: context.projectId, id: { in: config.tools.http } } })
    : [];
  const scopeOf = (args: Record<string, unknown>): PlaceholderScope => ({
    args,
    variables: Object.fromEntries([...context.variables].map(([name, v]) => [name, v.value])),
    endUser: context.endUser ?? undefined,
    sessionId: context.sessionId,
  });
  for (const row of rows) {
    if (row.requiresVerifiedCustomer && !context.endUser?.verified) continue;
    const http = row.http as unknown as ToolHttp;
    const spec = { http, response: row.response as unknown as ResponseProjection, timeoutMs: row.timeoutMs };
    tools.modelTools.push({ name: row.name, description: row.description, parameters: row.parameters as ModelTool['parameters'] });
    tools.server.set(row.name, {
      parameters: row.parameters as object,
      call: async (args) => {
        const foreignSecret = secretOffItsHosts(http, context.declared);
        if (foreignSecret) return { error: { code: 'secret_host_not_allowed', detail: `variables.${foreignSecret} may not go to this host` } };
        const outcome = await callHttpTool(spec, scopeOf(args));
        if (outcome.kind === 'unresolved')
          return { error: { code: 'placeholder_unresolved', detail: `{{${outcome.placeholder}}} has no value` } };
        return outcome.ok ? { result: outcome.result } : { error: outcome.error };
      },
    });
  }
  if (config.tools.builtin.includes('search_knowledge') && config.knowledge_sources.length > 0) {
    tools.modelTools.push({
      name: 'search_knowledge',
      description: "Searches the organization's knowledge sources and returns the passages that match best.",
      parameters: { type: 'object', properties: { query: { type: 'string', minLength: 1 } }, required: ['query'], additionalProperties: false },
    });
    tools.server.set('search_knowledge', {
      parameters: { type: 'object', properties: { query: { type: 'string', minLength: 1 } }, required: ['query'] },
      call: async (args) => ({ passages: await searchKnowledge(context.projectId, config.knowledge_sources, String(args.query)) }),
    });
  }
  if (config.tools.builtin.includes('create_ticket')) {
    const parameters = {
      type: 'object' as const,
      properties: {
        subject: { type: 'string', minLength: 1, maxLength: 200, description: 'What the customer needs, in a line.' },
        description: { type: 'string', maxLength: 4000, description: 'What staff should know to follow up.' },
      },
      required: ['subject'],
      additionalProperties: false,
    };
    tools.modelTools.push({
      name: 'create_ticket',
      description: 'Opens a ticket for staff to follow up with this customer later (one open ticket per customer).',
      parameters,
    });
    tools.server.set('create_ticket', {
      parameters,
      call: async (args) => {
        const opened = await openTicket({
          projectId: context.projectId,
          sessionId: context.sessionId,
          endUserId: context.endUserId,
          runId: context.runId,
          subject: String(args.subject),
          description: typeof args.description === 'string' ? args.description : '',
        });
        return opened.created
          ? { ticket: presentTicket(opened.ticket) }
          : { error: { code: 'ticket_already_open', detail: 'this customer already has an open ticket' }, ticket: presentTicket(opened.ticket) };
      },
    });
  }
  if (config.tools.builtin.includes('handoff')) {
    tools.modelTools.push({ name: 'handoff', description: handoffTool.description, parameters: handoffTool.parameters });
    tools.handoff = true;
  }
  for (const tool of config.tools.client) {
    tools.modelTools.push({ name: tool.name, description: tool.description, parameters: tool.parameters as ModelTool['parameters'] });
    tools.client.add(tool.name);
  }
  return tools;
}

/** A secret variable the tool's request names whose allowed hosts do not include the tool's host. */
function secretOffItsHosts(http: ToolHttp, declared: AgentVariable[]): string | undefined {
  const host = toolHost(http.url);
  const named = placeholdersIn([http.url, http.headers, http.query, http.body]).filter((name) => name.startsWith('variables.'));
  return named
    .map((name) => name.slice('variables.'.length))
    .find((name) => {
      const variable = declared.find((v) => v.name === name);
      return variable?.secret && !(variable.allowed_hosts ?? []).includes(host);
    });
}

/**
 * Runs a round's server-side calls in parallel: arguments parsed and checked against the
 * tool's schema (`validation_failed` as the result otherwise), outputs as JSON with every
 * secret value replaced, so none reaches the model or an event.
 */
export async function runServerCalls(tools: RunTools, calls: ModelToolCall[], secrets: string[]): Promise<ToolCallResult[]> {
  return Promise.all(
    calls.map(async (call) => {
      const tool = tools.server.get(call.name)!;
      let value: unknown;
      try {
        const args = parseArguments(call.arguments);
        checkArguments(tool.parameters, args);
        value = await tool.call(args);
      } catch (error) {
        if (!(error instanceof AgentError)) throw error;
        value = { error: { code: error.code, detail: error.message } };
      }
      const ok = !(value && typeof value === 'object' && 'error' in value);
      return { callId: call.callId, name: call.name, output: JSON.stringify(redact(value, secrets)), ok };
    }),
  );
}

/** The builtin `handoff` as the model sees it (docs/agent-api.md §1.7). */
export const handoffTool = {
  description:
    'Hands the conversation to a member of staff: call it when the customer asks for a person or you cannot help. Staff see the reason and summary.',
  parameters: {
    type: 'object' as const,
    properties: {
      reason: { type: 'string', maxLength: 200, description: 'Why a person is needed, in a few words.' },
      summary: { type: 'string', maxLength: 2000, description: 'What the customer wants and what was tried, for staff.' },
    },
    required: ['reason'],
  },
};

const skippedDetail = {
  too_many_calls: `at most ${MAX_CALLS_PER_ROUND} calls run per round`,
  unknown_tool: 'no such tool',
  handed_off: 'the conversation was handed to staff',
};

/** A tool result for calls that were not run. */
export const skippedCall = (call: ModelToolCall, code: keyof typeof skippedDetail): ToolCallResult => ({
  callId: call.callId,
  name: call.name,
  output: JSON.stringify({ error: { code, detail: skippedDetail[code] } }),
  ok: false,
});

/** The reason and summary a `handoff` call gives, read leniently: a person is needed either way. */
export function handoffArguments(call: ModelToolCall): { reason: string; summary: string | null } {
  let args: Record<string, unknown> = {};
  try {
    args = parseArguments(call.arguments);
  } catch {
    // the handoff still happens
  }
  const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);
  return { reason: text(args.reason, 200) ?? 'requested by the AI', summary: text(args.summary, 2000) };
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new AgentError('validation_failed', { param: '/arguments', details: { detail: 'the arguments are not a JSON object.' } });
}
