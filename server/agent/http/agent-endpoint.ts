import type { z } from 'zod';
import type { BaseEndpointSpec } from '@/server/contract/endpoint';
import type { AgentErrorCode } from '@/server/errors/agent-codes';
import type { AgentPermission } from '@/server/agent/access/agent-permissions';

/**
 * Who may call: `project` routes take a secret key or the dashboard cookie with X-Project-Id;
 * `organization` routes the dashboard cookie alone; `public` routes no credential (login);
 * `widget` routes a browser: a publishable key with an allowed `Origin`, or a client token.
 */
export type AgentAccess = 'project' | 'organization' | 'public' | 'widget';

/** The contract of one /agent/v1 operation (server/contract/endpoint.ts): who may call, and with what permission. */
export interface AgentEndpointSpec<
  Params extends z.ZodObject = z.ZodObject,
  Query extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
  Access extends AgentAccess = AgentAccess,
  EndUsers extends boolean = boolean,
> extends BaseEndpointSpec<AgentErrorCode, Params, Query, Body> {
  access: Access;
  /**
   * A `project` route browsers reach too (docs/agent-api.md §1.3, owned-only): a client token acts as
   * its end user and reaches only that end user's items (another's is 404); a publishable key
   * alone names no end user and gets `principal_not_allowed`. Answers carry CORS headers.
   */
  endUsers?: EndUsers;
  /** The key scope or dashboard permission the route needs (`agents:read`, `members:write`). */
  permission?: AgentPermission;
  /** Body limit in bytes; 1 MiB unless said (5 MiB for knowledge sources). */
  maxBodyBytes?: number;
  /**
   * What a success answers: JSON of `schema`; with `stream`, an event stream, which the body's
   * `stream` chooses over the JSON when there is a schema too. Every JSON answer has its schema.
   */
  response: { status: number; description: string; schema?: z.ZodType; stream?: boolean };
  /**
   * The web server answers bearer requests to it with the route file's compiled handler, without
   * Next.js's routing (server/http/direct-route-table.ts): for the widget's hot routes only.
   */
  direct?: boolean;
}

/** Whether browsers reach the route, so its answers carry CORS headers and its preflight is answered. */
export const isBrowserRoute = (spec: AgentEndpointSpec) => spec.access === 'widget' || spec.endUsers === true;

/** Codes every route can answer. */
export const universalErrors: AgentErrorCode[] = [
  'invalid_api_version',
  'invalid_json',
  'unknown_field',
  'validation_failed',
  'invalid_parameter',
  'request_too_large',
  'method_not_allowed',
  'rate_limited',
  'service_unavailable',
  'internal_error',
];

export const accessErrors: Record<AgentAccess, AgentErrorCode[]> = {
  project: [
    'authentication_required',
    'invalid_api_key',
    'insufficient_scope',
    'principal_not_allowed',
    'project_required',
    'project_mismatch',
    'project_not_found',
    'csrf_check_failed',
    'permission_denied',
  ],
  organization: ['authentication_required', 'principal_not_allowed', 'csrf_check_failed', 'permission_denied'],
  public: ['csrf_check_failed'],
  widget: [
    'authentication_required',
    'invalid_api_key',
    'invalid_client_token',
    'token_expired',
    'origin_required',
    'origin_not_allowed',
    'principal_not_allowed',
    'project_mismatch',
  ],
};

/** What a `project` route adds when end users reach it (`endUsers: true`). */
export const endUserErrors: AgentErrorCode[] = ['invalid_client_token', 'token_expired'];

/** Codes a creating POST with `idempotent: true` adds, and those a list adds. */
export const idempotencyErrors: AgentErrorCode[] = ['invalid_idempotency_key', 'idempotency_key_reused', 'idempotency_in_progress'];
export const listErrors: AgentErrorCode[] = ['invalid_cursor'];
