import { db } from '@/server/db';
import { evalScript, getRedis } from '@/server/redis';
import { conversationsKey, costKey, DAY_TTL_S, MONTH_TTL_S } from './ai-usage-limits';

/**
 * Rebuilds the organizations' AI usage counters from the runs, the record they stand for
 * (docs/agent-api.md §1.8): this month's conversations (an ask is one, a session one per month it runs in) and today's cost. A counter
 * is only ever raised to the runs' figure, never lowered: asks counted and not yet written, or
 * a count set on purpose, stand. So a Redis that lost its keys (it keeps nothing on disk) holds
 * the caps again at the next pass. Returns how many organizations had runs this month.
 */
const RAISE_TO = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 0`;

export async function reconcileUsageCounters(now = new Date()): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // One grouped read over the runs' (org_id, created_at) index: raw for the FILTER clause.
  const usage = await db.$queryRaw<Array<{ orgId: string; conversations: bigint; costToday: bigint | null }>>`
    SELECT org_id AS "orgId", COUNT(DISTINCT COALESCE(session_id, id)) AS conversations,
           SUM(cost_micros) FILTER (WHERE created_at >= ${dayStart}) AS "costToday"
      FROM agent_runs WHERE created_at >= ${monthStart} GROUP BY org_id`;
  const redis = getRedis();
  for (const { orgId, conversations, costToday } of usage) {
    await evalScript(redis, RAISE_TO, 1, conversationsKey(orgId, now), String(conversations), String(MONTH_TTL_S));
    if (costToday !== null && costToday > 0n) await evalScript(redis, RAISE_TO, 1, costKey(orgId, now), String(costToday), String(DAY_TTL_S));
  }
  return usage.length;
}
