import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentErrorCodes, agentInBandCodes } from './agent-codes';
import { AgentError } from './agent-error';

// The contract's HTTP codes with their status, written out again by hand so the table cannot change one by accident.
const contract: Record<string, number> = Object.fromEntries(
  `allowed_origins_required 422 credential_invalid 422 draft_not_allowed 422 external_id_invalid 422 idempotency_key_reused 422
  identity_as_parameter 422 if_match_required 428 input_too_large 413 invalid_api_version 400 invalid_cursor 400 invalid_idempotency_key 400
  invalid_json 400 invalid_parameter 400 method_not_allowed 405 model_not_allowed_on_plan 422 override_not_allowed 422 placeholder_unresolved 422
  project_mismatch 400 project_required 400 reference_not_found 422 request_too_large 413 secret_host_not_allowed 422
  secret_variable_not_persistable 422 system_message_not_allowed 400 tool_name_conflict 422 tool_not_declared 400 tool_outputs_incomplete 422
  tools_not_allowed_with_session 400 unknown_event_type 422 unknown_field 400 unknown_model 422 unsupported_content_type 422
  unsupported_parameter 400 url_not_allowed 422 validation_failed 422 variable_missing 422 variable_unknown 422 webhook_endpoint_limit_reached 422
  authentication_required 401 invalid_api_key 401 invalid_client_token 401 invalid_credentials 401 token_expired 401
  csrf_check_failed 403 insufficient_scope 403 origin_not_allowed 403 origin_required 403 permission_denied 403 principal_not_allowed 403 signup_closed 403
  project_not_found 404 resource_not_found 404 route_not_found 404 session_not_found 404
  agent_archived 409 agent_not_ready 409 already_member 409 client_message_id_conflict 409 email_taken 409 etag_mismatch 412
  handoff_already_assigned 409 handoff_already_open 409 handoff_not_open 409 idempotency_in_progress 409 invitation_expired 409 last_owner 409
  model_not_configured 409 name_taken 409 no_open_handoff 409 run_already_completed 409 run_not_requires_action 409 session_agent_mismatch 409
  session_busy 409 session_closed 409 session_end_user_mismatch 409 session_exists 409 session_queue_full 409 slug_taken 409
  anonymous_limit_reached 429 cost_cap_exceeded 429 playground_limit_reached 429 quota_exceeded 429 rate_limited 429
  provider_auth_failed 502 provider_bad_request 502 provider_error 502 provider_overloaded 502 provider_rate_limited 502 provider_refusal 502
  provider_timeout 502 provider_unavailable 502 internal_error 500 service_unavailable 503`
    .trim()
    .split(/\s+/)
    .reduce<Array<[string, number]>>((pairs, word, i, words) => (i % 2 === 0 ? [...pairs, [word, Number(words[i + 1])]] : pairs), []),
);
const inBand =
  'handed_off no_model_credential run_interrupted stream_timeout ticket_already_open too_many_calls tool_outputs_expired unreadable upstream_failed';

test('the table holds every HTTP code of the contract with its status, and no other', () => {
  assert.equal(Object.keys(contract).length, 93);
  assert.deepEqual(Object.keys(agentErrorCodes).sort(), Object.keys(contract).sort());
  for (const [code, status] of Object.entries(contract)) assert.equal(agentErrorCodes[code as keyof typeof agentErrorCodes].status, status, code);
  assert.deepEqual(Object.keys(agentInBandCodes).sort(), inBand.split(' ').sort());
});

test('types follow the contract: 404 not_found_error, 409/412 conflict_error, quota codes quota_error, 502 provider_error', () => {
  for (const [code, entry] of Object.entries(agentErrorCodes)) {
    const expected =
      entry.status === 401
        ? 'authentication_error'
        : entry.status === 403
          ? 'permission_error'
          : entry.status === 404
            ? 'not_found_error'
            : entry.status === 409 || entry.status === 412
              ? 'conflict_error'
              : entry.status === 429
                ? ['rate_limited', 'anonymous_limit_reached'].includes(code)
                  ? 'rate_limit_error'
                  : 'quota_error'
                : entry.status === 502
                  ? 'provider_error'
                  : entry.status >= 500
                    ? 'api_error'
                    : 'invalid_request_error';
    assert.equal(entry.type, expected, code);
  }
});

test('every message exists in English and Arabic, the Arabic one written in Arabic', () => {
  for (const [code, entry] of Object.entries({ ...agentErrorCodes, ...agentInBandCodes })) {
    assert.ok(entry.en.length > 10, code);
    assert.match(entry.ar, /[\u0600-\u06FF]/, code);
  }
});

test('details fill the named places in both languages; JSON-style braces stay as written', () => {
  const error = new AgentError('insufficient_scope', { details: { scope: 'runs:write' } });
  assert.match(error.message, /lacks the runs:write scope/);
  assert.match(error.messageIn('ar'), /runs:write/);
  const identity = new AgentError('identity_as_parameter', { param: '/parameters/properties/phone' });
  assert.match(identity.message, /\{\{end_user\.external_id\}\}/);
  assert.match(identity.message, /\(\/parameters\/properties\/phone\)/);
});

test('agent codes say their tRPC code for dashboard calls: from the status, 412 and 428 as PRECONDITION_FAILED', () => {
  assert.equal(agentErrorCodes.name_taken.trpc, 'CONFLICT');
  assert.equal(agentErrorCodes.project_not_found.trpc, 'NOT_FOUND');
  assert.equal(agentErrorCodes.validation_failed.trpc, 'BAD_REQUEST');
  assert.equal(agentErrorCodes.etag_mismatch.trpc, 'PRECONDITION_FAILED');
  assert.equal(agentErrorCodes.if_match_required.trpc, 'PRECONDITION_FAILED');
  const error = new AgentError('permission_denied', { details: { permission: 'agents:write' } });
  assert.deepEqual([error.trpcCode, error.appCode], ['FORBIDDEN', 'permission_denied']);
});
