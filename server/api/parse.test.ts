import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { ApiError } from '@/server/errors/api-error';
import { sendMessage } from './endpoints/messages';
import { paramName, parseWith } from './parse';

function refusal(schema: z.ZodType, input: unknown): ApiError {
  try {
    parseWith(schema, input);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(input)}`);
}

test('each kind of bad body maps to its contract code and names the field', () => {
  const body = sendMessage.body as z.ZodType;
  const cases: Array<[unknown, string, string]> = [
    [{ to: '+15550001111', type: 'text', text: { body: 'x' }, extra: 1 }, 'unknown_field', 'extra'],
    [{ to: '+15550001111', type: 'text', text: { body: 'x', bold: true } }, 'unknown_field', 'text.bold'],
    [{ to: '+15550001111' }, 'missing_parameter', 'type'],
    [{ to: '+15550001111', type: 'text' }, 'missing_parameter', 'text'],
    [{ to: '+15550001111', type: 'sticker' }, 'invalid_parameter', 'type'],
    [{ type: 'template', template: { name: 'a' } }, 'invalid_parameter', 'to'],
    [{ to: '+15550001111', contact_id: 'ct_x', type: 'template', template: { name: 'a' } }, 'invalid_parameter', 'to'],
    [{ to: '+15550001111', type: 'text', text: { body: 7 } }, 'invalid_parameter', 'text.body'],
  ];
  for (const [input, code, param] of cases) {
    const error = refusal(body, input);
    assert.equal(error.code, code, JSON.stringify(input));
    assert.equal(error.param, param, JSON.stringify(input));
  }
});

test('array positions are named the way the contract names them', () => {
  assert.equal(paramName(['recipients', 3, 'to']), 'recipients[3].to');
  const schema = z.object({ recipients: z.array(z.object({ to: z.string() }).strict()) }).strict();
  assert.equal(refusal(schema, { recipients: [{ to: 'a' }, {}] }).param, 'recipients[1].to');
});
