import { pgTransaction } from '@/server/db/pg';
import { AgentError } from '@/server/errors/agent-error';
import type { ClientTokenCaller } from '@/server/agent/access/agent-caller';
import { publishInboxChange } from '@/server/live/publish-inbox-change';
import { widgetAgent, widgetSessionExternalId } from './widget-sessions';

/**
 * POST /v1/widget/email (docs/agent-api.md §2.6): the address a visitor left, after waiting for
 * staff, so the team can follow up. It is stored on the visitor's inbox conversation (the widget
 * session's contact), which the inbox's contact panel and thread show; a later one replaces it.
 * No widget session yet (the visitor never wrote) is 404 `resource_not_found`.
 */
export async function saveVisitorEmail(caller: ClientTokenCaller, email: string) {
  const { agent } = await widgetAgent(caller.projectId, caller.agentId);
  const saved = await pgTransaction(async (client) => {
    const { rows } = await client.query<{ orgId: string; contactId: string }>({
      name: 'widget-visitor-email',
      text: `UPDATE contacts c SET email = $3, updated_at = now() FROM agent_sessions s
              WHERE s.project_id = $1 AND s.external_id = $2 AND s.end_user_id = $4 AND c.id = s.contact_id
          RETURNING c.org_id AS "orgId", c.id AS "contactId"`,
      values: [caller.projectId, widgetSessionExternalId(caller.endUserId, agent.id), email, caller.endUserId],
    });
    return rows[0] ?? null;
  });
  if (!saved) throw new AgentError('resource_not_found', { param: 'session', details: { resource: 'widget session' } });
  await publishInboxChange(saved.orgId, saved.contactId, 'email');
  return { object: 'widget.email' as const, email };
}
