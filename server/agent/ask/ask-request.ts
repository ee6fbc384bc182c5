import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { AgentError } from '@/server/errors/agent-error';
import { checkExternalId } from '@/server/agent/end-users/external-id';
import { inputLimitFor, readAskInput } from './ask-input';
import type { AskRequest } from './prepare-ask';
import type { VariableValue } from './ask-variables';

export interface AskBody {
  agent: string;
  input?: unknown;
  variables?: Record<string, VariableValue>;
  overrides?: Record<string, unknown>;
  tools?: Array<{ name: string }>;
  end_user?: { external_id: string; name?: string; traits?: Record<string, unknown> };
  session?: string;
  stream: boolean;
}

/**
 * `POST /v1/ask`'s body as an AskRequest. Client tools and a session exclude each other; a
 * session is looked up among the project's sessions, of which this service has none yet.
 */
export function askRequestFromBody(caller: ProjectCaller, body: AskBody): AskRequest {
  if (body.session !== undefined && body.tools !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: '/tools' });
  if (body.end_user) checkExternalId(body.end_user.external_id, 'end_user', '/end_user/external_id');
  const inputText = readAskInput(body.input, inputLimitFor(caller));
  if (body.session !== undefined) throw new AgentError('session_not_found', { param: '/session' });
  return {
    projectId: caller.projectId,
    orgId: caller.orgId,
    agent: body.agent,
    turns: [{ role: 'user', text: inputText }],
    inputText,
    variables: body.variables ?? {},
    overrides: body.overrides ?? {},
    clientTools: (body.tools ?? []).map((tool) => tool.name),
  };
}
