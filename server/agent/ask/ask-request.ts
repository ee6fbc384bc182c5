import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { AgentError } from '@/server/errors/agent-error';
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

/** agent-api.md §1.1: 1–128 of `[A-Za-z0-9._:-]`, first a letter or digit, not an `eu_…` id. */
const externalIdPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * `POST /v1/ask`'s body as an AskRequest. Client tools and a session exclude each other; a
 * session is looked up among the project's sessions, of which this service has none yet.
 */
export function askRequestFromBody(caller: ProjectCaller, body: AskBody): AskRequest {
  if (body.session !== undefined && body.tools !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: '/tools' });
  if (body.end_user && (!externalIdPattern.test(body.end_user.external_id) || body.end_user.external_id.startsWith('eu_'))) {
    throw new AgentError('external_id_invalid', { param: '/end_user/external_id' });
  }
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
