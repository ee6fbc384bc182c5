import type { AgentRun } from '@/server/db';

export interface RequiredAction {
  type: 'submit_tool_outputs';
  tool_calls: Array<{ call_id: string; name: string; arguments: string }>;
  expires_at: string;
}

/** A run as the API shows it (docs/agent-api.md §1.4): an ask's, or a session's with its messages and place in the queue. */
export function presentRun(row: AgentRun, extra: { requiredAction?: RequiredAction; queuePosition?: number } = {}) {
  const requiredAction = extra.requiredAction ?? (row.requiredAction as RequiredAction | null) ?? undefined;
  return {
    id: row.id,
    object: 'run' as const,
    agent: row.agentId,
    agent_version: row.agentVersion,
    session: row.sessionId,
    status: row.status,
    ...(row.status === 'queued' && extra.queuePosition !== undefined ? { queue_position: extra.queuePosition } : {}),
    ...(requiredAction && row.status === 'requires_action' ? { required_action: requiredAction } : {}),
    outcome: row.outcome ?? (row.status === 'completed' ? ('replied' as const) : null),
    error: (row.error as { code: string; message: string } | null) ?? null,
    model: row.model,
    attempts: row.attempts,
    usage: { input_tokens: row.inputTokens, output_tokens: row.outputTokens, cost_micros: Number(row.costMicros) },
    input_message: row.inputMessageId,
    reply_message: row.replyMessageId,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export type PresentedRun = ReturnType<typeof presentRun>;
