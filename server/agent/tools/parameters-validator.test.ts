import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AgentError } from '@/server/errors/agent-error';
import { withinCpu } from '@/tests/support/cpu-time';
import { checkArguments, keptValidatorCount, parametersValidator } from './parameters-validator';
import { MAX_PARAMETERS_CHARS, newToolSchema } from './tool-schema';

/** Tool bodies, and so the arguments a tool test sends, are at most 1 MiB. */
const MIB = 1024 * 1024;

const refusal = (task: () => unknown): AgentError => {
  try {
    task();
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  assert.fail('expected a refusal');
};

const hostile = { type: 'object', properties: { q: { type: 'string', pattern: '^(a|a)*$' } } };

test('a pattern that backtracks exponentially runs in linear time: 30 characters at once', () => {
  const error = withinCpu(2_000, () => refusal(() => checkArguments(structuredClone(hostile), { q: `${'a'.repeat(30)}!` })));
  assert.equal(error.code, 'validation_failed');
  assert.equal(error.param, '/arguments/q');
  checkArguments(structuredClone(hostile), { q: 'a'.repeat(30) });
});

test('the largest arguments against backtracking patterns and keys finish well under a second or are refused', () => {
  const text = `${'a'.repeat(MIB - 100)}!`;
  assert.equal(withinCpu(2_000, () => refusal(() => checkArguments(structuredClone(hostile), { q: text }))).param, '/arguments/q');
  const keys = { type: 'object', patternProperties: { '^(a|a)*$': { type: 'number' } } };
  assert.equal(
    withinCpu(2_000, () => refusal(() => checkArguments(keys, { ['a'.repeat(MIB - 100)]: 'not a number' }))).code,
    'validation_failed',
  );
  // A large program reading a MiB would take minutes: the work one validation may do is limited.
  const costly = { type: 'object', properties: { q: { type: 'string', pattern: '[ab]{999}[cd]' } } };
  const tooCostly = withinCpu(2_000, () => refusal(() => checkArguments(costly, { q: 'ab'.repeat(MIB / 2 - 50) })));
  assert.equal(tooCostly.param, '/arguments');
  assert.match(tooCostly.message, /too costly/);
});

test('the largest parameters allowed compile, and check the largest arguments, or are refused, well under a second', () => {
  const largest = (entry: (i: number) => object) => {
    const schema = { type: 'object', properties: { q: { allOf: [] as object[] } } };
    const allowed = () => newToolSchema.shape.parameters.safeParse(schema).success;
    for (let i = 0; allowed(); i++) schema.properties.q.allOf.push(entry(i));
    schema.properties.q.allOf.pop();
    assert.equal(allowed(), true);
    return schema;
  };
  const text = 'ab'.repeat(MIB / 2 - 50);
  const patterns = withinCpu(2_000, () => parametersValidator(largest((i) => ({ pattern: `^(a|b|ab)*$|${i}` }))));
  assert.match(
    withinCpu(2_000, () =>
      refusal(() =>
        checkArguments(
          largest((i) => ({ pattern: `^(a|b|ab)*$|${i}` })),
          { q: text },
        ),
      ),
    ).message,
    /too costly/,
  );
  assert.equal(patterns({ q: 'abab' }), true);
  const plain = withinCpu(2_000, () => parametersValidator(largest((i) => ({ maxLength: 2 * MIB + i }))));
  assert.equal(
    withinCpu(2_000, () => plain({ q: text })),
    true,
  );
  const steps = Array.from({ length: 55 }, (_, i) => `[^${String.fromCharCode(99 + (i % 20))}]{999}`).join('');
  assert.ok(steps.length <= 500);
  assert.match(withinCpu(2_000, () => refusal(() => parametersValidator(largest(() => ({ pattern: steps }))))).message, /RE2 steps/);
  const tooLarge = { type: 'object', properties: { q: { description: 'x'.repeat(MAX_PARAMETERS_CHARS) } } };
  assert.equal(newToolSchema.shape.parameters.safeParse(tooLarge).success, false);
});

test('patterns a linear-time engine cannot run, or longer than 500 characters, are refused naming /parameters', () => {
  for (const pattern of ['^(a)\\1$', '^(?=a)', 'a'.repeat(501)]) {
    const error = refusal(() => parametersValidator({ type: 'object', properties: { q: { type: 'string', pattern } } }));
    assert.equal(error.code, 'validation_failed');
    assert.equal(error.param, '/parameters');
  }
  const arabic = { type: 'object', properties: { q: { type: 'string', pattern: '^[\\u0600-\\u06FF ]+$' } } };
  checkArguments(arabic, { q: 'مرحبا بك' });
  assert.equal(refusal(() => checkArguments(arabic, { q: 'hello' })).param, '/arguments/q');
});

test('a schema is compiled once, not per call: the kept validators do not grow with calls', () => {
  const schema = { type: 'object', properties: { order: { type: 'string', pattern: '^[0-9]{4}$' } }, required: ['order'] };
  const first = parametersValidator(structuredClone(schema));
  const kept = keptValidatorCount();
  for (let i = 0; i < 200; i++) checkArguments(structuredClone(schema), { order: '1234' });
  assert.equal(keptValidatorCount(), kept);
  assert.equal(parametersValidator(structuredClone(schema)), first);
});

test("one tenant's $id neither breaks nor answers for another's schema", () => {
  const mine = { $id: 'https://example.com/args', type: 'object', properties: { n: { type: 'number' } } };
  const theirs = { $id: 'https://example.com/args', type: 'object', properties: { n: { type: 'string' } } };
  checkArguments(structuredClone(mine), { n: 1 });
  checkArguments(structuredClone(mine), { n: 2 });
  checkArguments(theirs, { n: 'one' });
  assert.equal(refusal(() => checkArguments(theirs, { n: 1 })).param, '/arguments/n');
});

test('references and unbounded uniqueItems, which make one check superlinear, are refused naming their place', () => {
  const levels = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`d${i}`, { allOf: [{ $ref: `#/definitions/d${i + 1}` }, { $ref: `#/definitions/d${i + 1}` }] }]),
  );
  const branching = { type: 'object', definitions: { ...levels, d40: { type: 'string' } }, properties: { q: { $ref: '#/definitions/d0' } } };
  assert.match(withinCpu(2_000, () => refusal(() => parametersValidator(branching))).param!, /^\/parameters\/.*\/\$ref$/);
  const unique = { type: 'object', properties: { list: { type: 'array', uniqueItems: true } } };
  assert.equal(refusal(() => parametersValidator(unique)).param, '/parameters/properties/list/uniqueItems');
  const bounded = { type: 'object', properties: { list: { type: 'array', uniqueItems: true, maxItems: 100 } } };
  const distinct = Array.from({ length: 100 }, (_, i) => ({ id: i, note: 'x'.repeat(1_000) }));
  withinCpu(2_000, () => checkArguments(bounded, { list: distinct }));
  assert.equal(refusal(() => checkArguments(bounded, { list: [...distinct, {}] })).param, '/arguments/list');
});
