import type { AgentWarningCode } from '@/server/errors/agent-codes';
import { AgentError } from '@/server/errors/agent-error';
import { checkCustomerUrl } from '@/server/agent/http/customer-url';
import { parametersValidator } from './parameters-validator';
import { placeholdersIn, unknownPlaceholder } from './placeholders';
import type { NewTool } from './tool-schema';

/** Parameter names that ask the model for who the customer is (docs/agent-api.md §1.10). */
const identityName = /phone|mobile|msisdn|whats_?app|wa_id|e_?mail|name|address/i;

/**
 * What a tool must be before it is saved (docs/agent-api.md §1.10): its parameters a JSON Schema,
 * its placeholders known and its `args.*` among its parameters, its URL a customer URL whose
 * origin is written out (a placeholder may not choose the host), and, for tools that need a
 * verified customer, no parameter asking for identity. Returns the warnings of a tool that is
 * allowed but questionable.
 */
export function checkTool(tool: NewTool): AgentWarningCode[] {
  parametersValidator(tool.parameters);
  const { http } = tool;
  for (const [param, template] of [
    ['/http/url', http.url],
    ['/http/headers', http.headers],
    ['/http/query', http.query],
    ['/http/body', http.body],
  ] as const) {
    const unknown = unknownPlaceholder(template);
    if (unknown) throw new AgentError('validation_failed', { param, details: { detail: `{{${unknown}}} is not a placeholder tools have.` } });
  }
  const properties = Object.keys((tool.parameters.properties as Record<string, unknown> | undefined) ?? {});
  const undeclared = placeholdersIn([http.url, http.headers, http.query, http.body]).find(
    (name) => name.startsWith('args.') && !properties.includes(name.split('.')[1]!),
  );
  if (undeclared)
    throw new AgentError('validation_failed', { param: '/parameters', details: { detail: `{{${undeclared}}} names no parameter.` } });

  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(http.url)?.[0] ?? http.url;
  if (origin.includes('{{')) throw new AgentError('url_not_allowed', { param: '/http/url' });
  checkCustomerUrl(http.url.replace(/\{\{[^}]*\}\}/g, 'x'), '/http/url');

  const identity = properties.find((name) => identityName.test(name));
  if (identity && tool.requires_verified_customer) {
    throw new AgentError('identity_as_parameter', { param: `/parameters/properties/${identity}` });
  }
  return identity ? ['identity_as_parameter'] : [];
}

/** The host a tool calls (secrets may go only to their variable's `allowed_hosts`). */
export const toolHost = (url: string): string => new URL(url.replace(/\{\{[^}]*\}\}/g, 'x')).hostname;
