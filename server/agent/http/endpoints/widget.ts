import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { clientTokenResponse, endUserResponse, widgetConfigResponse, widgetEmailResponse } from '../responses/resources';
import { sessionResponse } from '../responses/conversations';

const traits = z
  .record(z.string().min(1).max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 traits');
const token = z.string().min(1).max(4096);
const tokenResponse = 'A client token: `{object: "client_token", token, expires_at, end_user_id}`.';
const principals =
  'Browsers send `Authorization: Bearer <credential>`: a publishable key (`agpk_live_…`, with an `Origin` in its `allowed_origins`) or a ' +
  'client token (`agct_…`); the prefix tells them apart. Answers carry CORS headers for the request’s Origin; preflights are answered ' +
  'without a credential.';

export const createClientTokenEndpoint = defineEndpoint({
  operationId: 'createClientToken',
  method: 'POST',
  path: '/v1/client_tokens',
  tag: 'Widget',
  summary: 'Mint a client token for one of your users',
  description:
    'Your server vouches for a signed-in user of your site: the end user is got or created by `external_id` (name and traits only on ' +
    'creation) and marked `verified`, so tools that require a verified customer run for them. The token (HMAC-signed, stateless) lets a ' +
    'browser act as that end user on the widget routes and on that end user’s own sessions and runs, for `ttl_seconds` (60–3600, ' +
    'default 900). `agent` (id or slug) makes it the widget’s agent for this token. Hand it to the widget, which sends it to ' +
    '`POST /v1/widget/identify`. An expired token is 401 `token_expired`: mint another.',
  access: 'project',
  permission: 'client_tokens:write',
  body: z.strictObject({
    end_user: z.strictObject({ external_id: z.string(), name: z.string().trim().min(1).max(200).optional(), traits: traits.optional() }),
    agent: z.string().min(1).max(64).optional(),
    ttl_seconds: z.number().int().min(60).max(3600).default(900),
  }),
  response: { status: 201, description: tokenResponse, schema: clientTokenResponse },
  errors: ['external_id_invalid', 'resource_not_found', 'agent_archived', 'agent_not_ready'],
});

export const widgetConfigEndpoint = defineEndpoint({
  operationId: 'getWidgetConfig',
  method: 'GET',
  path: '/v1/widget/config',
  direct: true,
  tag: 'Widget',
  summary: 'The widget’s configuration',
  description:
    '`{object: "widget.config", agent {id, name, greeting, locale, theme, ask_email_after_seconds}}` in the language of `Accept-Language`. The widget’s agent is ' +
    'the client token’s agent when it names one, else the project’s agent whose published configuration has `channels.widget.enabled` ' +
    '(the earliest created if several); none is 404 `resource_not_found`. ' +
    principals,
  access: 'widget',
  response: { status: 200, description: 'The widget configuration.', schema: widgetConfigResponse },
  errors: ['resource_not_found'],
});

export const widgetTokenEndpoint = defineEndpoint({
  operationId: 'createWidgetToken',
  method: 'POST',
  path: '/v1/widget/token',
  direct: true,
  tag: 'Widget',
  summary: 'A token for an anonymous visitor',
  description:
    'With a publishable key: a 15-minute client token for an anonymous visitor. `visitor_id` (16–64 of `A-Z a-z 0-9 _ -`, random, kept ' +
    'by the widget in the browser) makes a returning visitor the same end user; without it a new one is made and its `visitor_id` returned. ' +
    'Anonymous visitors are capped (20 messages per 10 minutes per address, 50 per conversation, 500 new conversations per project a ' +
    'UTC day, of which 20 an hour per address): once the day’s conversations are used up, 429 `anonymous_limit_reached` with Retry-After. ' +
    'The `visitor_id` is a secret of the browser: only its hash is stored, and the end user’s `external_id` does not contain it. ' +
    principals,
  access: 'widget',
  bodyOptional: true,
  body: z.strictObject({
    visitor_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, '16 to 64 of A-Z a-z 0-9 _ -')
      .optional(),
  }),
  response: {
    status: 201,
    description: `${tokenResponse} Also \`visitor_id\`.`,
    schema: clientTokenResponse.extend({ visitor_id: z.string().describe('Send it again to stay the same visitor.') }),
  },
  errors: ['anonymous_limit_reached'],
});

export const refreshWidgetTokenEndpoint = defineEndpoint({
  operationId: 'refreshWidgetToken',
  method: 'POST',
  path: '/v1/widget/token/refresh',
  tag: 'Widget',
  summary: 'Refresh an anonymous visitor’s token',
  description:
    'With a publishable key: a new 15-minute token for the anonymous visitor of `token`, which may be valid or expired less than 24 hours ' +
    'ago (older: 401 `token_expired`). Tokens your server minted are not refreshed here (401 `invalid_client_token`): mint another with ' +
    '`POST /v1/client_tokens`. ' +
    principals,
  access: 'widget',
  body: z.strictObject({ token }),
  response: { status: 201, description: tokenResponse, schema: clientTokenResponse },
  errors: ['anonymous_limit_reached'],
});

export const identifyWidgetVisitorEndpoint = defineEndpoint({
  operationId: 'identifyWidgetVisitor',
  method: 'POST',
  path: '/v1/widget/identify',
  tag: 'Widget',
  summary: 'Identify the visitor as one of your users',
  description:
    '`client_token` is a token your server minted (`POST /v1/client_tokens`) for the signed-in user. Called with the anonymous visitor’s ' +
    'own token, the visitor’s sessions move to that verified end user (their widget conversation goes on as the user’s, unless the user ' +
    'has one with that agent already) and the anonymous visitor is erased, so their token stops working; use the returned token from ' +
    'then on. `moved_sessions` counts the sessions moved. A bad, anonymous or another project’s `client_token` is 401 ' +
    '`invalid_client_token`, an expired one `token_expired`. ' +
    principals,
  access: 'widget',
  body: z.strictObject({ client_token: token }),
  response: {
    status: 200,
    description: `${tokenResponse} Also \`moved_sessions\`.`,
    schema: clientTokenResponse.extend({ moved_sessions: z.number().int().describe("The visitor's sessions now the user's.") }),
  },
});

export const createWidgetSessionEndpoint = defineEndpoint({
  operationId: 'createWidgetSession',
  method: 'POST',
  path: '/v1/widget/sessions',
  direct: true,
  tag: 'Widget',
  summary: 'Get or create the visitor’s widget session',
  description:
    'With a client token: the end user’s session with the widget’s agent (see `GET /v1/widget/config`), channel `widget`, concurrency ' +
    '`queue`: 201 new, 200 existing. Send messages to it with `POST /v1/sessions/{session}/messages` and follow it with ' +
    '`GET /v1/sessions/{session}/events`, with the same token (input up to 4,000 characters). A new conversation of an anonymous ' +
    'visitor counts against the project’s 500 a UTC day and its address’s 20 an hour (429 `anonymous_limit_reached` with Retry-After). ' +
    'A publishable key alone names no end user: 403 ' +
    '`principal_not_allowed`. ' +
    principals,
  access: 'widget',
  bodyOptional: true,
  body: z.strictObject({}),
  response: { status: 201, description: 'The session (201 new, 200 existing).', schema: sessionResponse },
  errors: ['anonymous_limit_reached', 'agent_not_ready', 'agent_archived', 'resource_not_found'],
});

export const saveWidgetEmailEndpoint = defineEndpoint({
  operationId: 'saveWidgetEmail',
  method: 'POST',
  path: '/v1/widget/email',
  tag: 'Widget',
  summary: 'Leave an email for the team to follow up',
  description:
    'With a client token: the address the visitor gives when nobody has answered their handoff yet (the widget asks after ' +
    '`channels.widget.ask_email_after_seconds`). It is stored on the visitor’s conversation in the inbox, where staff see it; sending ' +
    'another replaces it. An address that is not one is 422 `validation_failed`; a visitor without a widget session yet is 404 ' +
    '`resource_not_found`. A publishable key alone names no visitor: 403 `principal_not_allowed`. ' +
    principals,
  access: 'widget',
  body: z.strictObject({ email: z.string().trim().max(254).email() }),
  response: { status: 200, description: 'The address stored.', schema: widgetEmailResponse },
  errors: ['resource_not_found'],
});

export const getOwnEndUserEndpoint = defineEndpoint({
  operationId: 'getOwnEndUser',
  method: 'GET',
  path: '/v1/end_users/me',
  tag: 'End users',
  summary: 'The end user of a client token',
  description:
    'With a client token: its end user. With a secret key or the dashboard this is the end user whose `external_id` is `me`, as ' +
    '`GET /v1/end_users/{end_user}`.',
  access: 'project',
  endUsers: true,
  permission: 'end_users:read',
  response: { status: 200, description: 'The end user.', schema: endUserResponse },
  errors: ['resource_not_found'],
});

export const widgetEndpoints = [
  createClientTokenEndpoint,
  widgetConfigEndpoint,
  widgetTokenEndpoint,
  refreshWidgetTokenEndpoint,
  identifyWidgetVisitorEndpoint,
  createWidgetSessionEndpoint,
  saveWidgetEmailEndpoint,
  getOwnEndUserEndpoint,
];
