import type { AgentRun } from '@/server/db';

export interface RequiredAction {
  type: 'submit_tool_outputs';
  tool_calls: Array<{ call_id: string; name: string; arguments: string }>;
  expires_at: string;
}

/** A run as the API shows it (agent-api.md §1.4). */
export function presentRun(row: AgentRun, requiredAction?: RequiredAction) {
  return {
    id: row.id,
    object: 'run' as const,
    agent: row.agentId,
    agent_version: row.agentVersion,
    session: null,
    status: row.status,
    outcome: row.status === 'completed' ? ('replied' as const) : null,
    ...(requiredAction ? { required_action: requiredAction } : {}),
    error: (row.error as { code: string; message: string } | null) ?? null,
    model: row.model,
    attempts: row.attempts,
    usage: { input_tokens: row.inputTokens, output_tokens: row.outputTokens, cost_micros: Number(row.costMicros) },
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export type PresentedRun = ReturnType<typeof presentRun>;
