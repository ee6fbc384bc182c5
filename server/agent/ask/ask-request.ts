import type { ProjectCaller } from '@/server/agent/access/agent-caller';
import { AgentError } from '@/server/errors/agent-error';
import { checkExternalId } from '@/server/agent/end-users/external-id';
import { inputLimitFor, readAskInput } from './ask-input';
import type { AskRequest } from './prepare-ask';
import type { VariableValue } from './ask-variables';
import type { SessionAsk } from '@/server/agent/runs/ask-in-session';

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

/** `POST /v1/ask`'s body as an AskRequest (without `session`: see sessionAskFromBody). */
export function askRequestFromBody(caller: ProjectCaller, body: AskBody): AskRequest {
  if (body.session !== undefined && body.tools !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: '/tools' });
  if (body.end_user) checkExternalId(body.end_user.external_id, 'end_user', '/end_user/external_id');
  const inputText = readAskInput(body.input, inputLimitFor(caller));
  return {
    projectId: caller.projectId,
    orgId: caller.orgId,
    agent: body.agent,
    turns: [{ role: 'user', text: inputText }],
    inputText,
    variables: body.variables ?? {},
    overrides: body.overrides ?? {},
    clientTools: (body.tools ?? []).map((tool, index) => ({ name: tool.name, param: `/tools/${index}/name` })),
  };
}

/** `POST /v1/ask` with `session`: the input goes into that session; client tools are not for sessions. */
export function sessionAskFromBody(caller: ProjectCaller, body: AskBody & { session: string }): SessionAsk {
  if (body.tools !== undefined) throw new AgentError('tools_not_allowed_with_session', { param: '/tools' });
  return {
    session: body.session,
    agent: body.agent,
    input: readAskInput(body.input, inputLimitFor(caller)),
    variables: body.variables,
    overrides: body.overrides,
  };
}
