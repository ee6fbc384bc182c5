import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentErrorCodes } from '@/server/errors/agent-codes';
import { messagingErrorCodes } from '@/server/errors/messaging-codes';
import { transportCodes, transportStatus, type TransportCode } from './transport-codes';

test('a code both API contracts use is a transport code, answered with the base table status of each contract', () => {
  const shared = Object.keys(messagingErrorCodes).filter((code) => code in agentErrorCodes);
  assert.deepEqual(shared.sort(), Object.keys(transportCodes).sort());
  for (const code of shared as TransportCode[]) {
    assert.equal(messagingErrorCodes[code].status, transportStatus(code, 'messaging'), code);
    assert.equal(agentErrorCodes[code].status, transportStatus(code, 'agent'), code);
  }
});

test('the two codes whose statuses differ keep each contract its own on the wire', () => {
  assert.deepEqual([messagingErrorCodes.invalid_parameter.status, agentErrorCodes.invalid_parameter.status], [422, 400]);
  assert.deepEqual([messagingErrorCodes.idempotency_key_reused.status, agentErrorCodes.idempotency_key_reused.status], [409, 422]);
});
