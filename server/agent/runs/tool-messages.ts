import type { Sql } from '@/server/db/sql';
import { getPgPool } from '@/server/db/pg';
import { newId } from '@/server/db/ids';
import { nextMessageTimes } from './message-times';
import type { ToolCallResult } from './run-tools';

/**
 * Writes tool results into the session's history as `role: tool` messages (API reference, /agent/docs),
 * in the order given, the order the model read them: a round's server results when the round
 * ran, client tools' outputs when they were submitted. One statement for the whole round.
 */
export async function recordToolMessages(
  run: { id: string; projectId: string; sessionId: string | null },
  results: Array<Pick<ToolCallResult, 'callId' | 'name' | 'output'>>,
  client: Sql = getPgPool(),
): Promise<void> {
  if (!run.sessionId || results.length === 0) return;
  await client.query({
    name: 'agent-tool-messages-insert',
    text: `INSERT INTO agent_messages (id, project_id, session_id, role, text, run_id, call_id, tool_name, created_at)
           SELECT t.id, $1, $2, 'tool', t.output, $3, t.call_id, t.tool_name, t.created_at
             FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[]) AS t(id, output, call_id, tool_name, created_at)`,
    values: [
      run.projectId,
      run.sessionId,
      run.id,
      results.map(() => newId('agentMessage')),
      results.map((r) => r.output),
      results.map((r) => r.callId),
      results.map((r) => r.name),
      nextMessageTimes(results.length),
    ],
  });
}
