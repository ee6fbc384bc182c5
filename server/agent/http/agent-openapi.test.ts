import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '@/server/contract/openapi';
import { agentEventTypes } from '@/server/agent/webhooks/agent-event-types';
import { buildAgentOpenApiDocument } from './agent-openapi';

const doc = buildAgentOpenApiDocument();
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
const operation = (id: string) => operations.find((op) => op.operationId === id);
/** The schema itself, or the named one its `$ref` points to. */
const resolved = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** Paths inside a schema where an object says nothing of its fields: what a generated client cannot type. */
function bareObjects(schema: JsonSchema, at = ''): string[] {
  const here = schema.type === 'object' && !schema.properties && schema.additionalProperties === undefined ? [at || '/'] : [];
  const children: Array<[string, JsonSchema]> = [
    ...Object.entries(schema.properties ?? {}).map(([name, child]): [string, JsonSchema] => [`${at}/${name}`, child]),
    ...(schema.items ? [[`${at}/items`, schema.items] as [string, JsonSchema]] : []),
    ...(typeof schema.additionalProperties === 'object' ? [[`${at}/*`, schema.additionalProperties] as [string, JsonSchema]] : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((child, index): [string, JsonSchema] => [`${at}|${index}`, child]),
  ];
  return [...here, ...children.flatMap(([path, child]) => bareObjects(child, path))];
}

describe('agent OpenAPI document', () => {
  test('types every JSON success response, with no bare object inside, naming the resources', () => {
    for (const [name, schema] of Object.entries(doc.components.schemas)) assert.deepEqual(bareObjects(schema), [], name);
    for (const ref of JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? []) assert.ok(resolved({ $ref: ref }), ref);
    assert.ok(['Run', 'Session', 'Message', 'ChatCompletion', 'SessionMessageResult'].every((name) => doc.components.schemas[name]));
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2') || !response.content) continue;
        const schema = response.content['application/json']?.schema;
        if (schema) assert.deepEqual(bareObjects(schema), [], `${op.operationId}: ${status}`);
        else assert.ok(response.content['text/event-stream'], `${op.operationId}: ${status} is JSON or a stream`);
      }
    }
  });

  test('lists JSON and an event stream where `stream` chooses, and only the stream where the route streams', () => {
    for (const id of ['createChatCompletion', 'createSessionMessage', 'ask', 'submitToolOutputs']) {
      assert.deepEqual(Object.keys(operation(id)?.responses['200']?.content ?? {}), ['application/json', 'text/event-stream'], id);
    }
    for (const id of ['streamRunEvents', 'streamSessionEvents']) {
      assert.deepEqual(Object.keys(operation(id)?.responses['200']?.content ?? {}), ['text/event-stream'], id);
    }
  });

  test('types a chat completion as OpenAI does, tool calls and refusal included', () => {
    const completion = doc.components.schemas.ChatCompletion;
    const choice = completion?.properties?.choices?.items;
    const message = choice?.properties?.message;
    assert.deepEqual(message?.required, ['role', 'content', 'refusal']);
    assert.ok(message?.properties?.tool_calls);
    assert.ok(choice?.properties?.finish_reason?.enum?.includes('tool_calls'));
    assert.deepEqual(completion?.properties?.usage?.required, ['prompt_tokens', 'completion_tokens', 'total_tokens']);
  });

  test('describes every webhook event, its data the resource it names', () => {
    assert.deepEqual(Object.keys(doc.webhooks), agentEventTypes);
    for (const [type, item] of Object.entries(doc.webhooks)) {
      const payload = item.post.requestBody.content['application/json'].schema;
      assert.deepEqual(payload.properties?.type, { type: 'string', const: type });
      assert.deepEqual(payload.required, ['id', 'type', 'created_at', 'project', 'data'], type);
    }
    const data = (type: string) => resolved(doc.webhooks[type]?.post.requestBody.content['application/json'].schema.properties?.data);
    assert.deepEqual(data('run.failed')?.properties?.object, { type: 'string', const: 'run' });
    assert.deepEqual(data('handoff.expired')?.properties?.object, { type: 'string', const: 'handoff' });
    assert.ok(data('message.created')?.properties?.role?.enum?.includes('tool'));
  });
});
