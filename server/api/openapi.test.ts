import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { pathErrors } from './endpoint';
import { allEndpoints } from './endpoints';
import { messagingErrorCodes } from '@/server/errors/messaging-codes';
import { eventNames } from '@/server/webhook-events/catalogue';
import type { JsonSchema } from '@/server/contract/openapi';
import { buildOpenApiDocument, type OpenApiOperation } from './openapi';

/** Every operation of the contract (docs/messaging-api.md §7 and §8), listed by hand on purpose. */
const contractOperations = [
  'GET /v1/me',
  'GET /v1/accounts',
  'POST /v1/messages',
  'GET /v1/messages/{id}',
  'GET /v1/media/{message_id}',
  'GET /v1/conversations',
  'GET /v1/conversations/{contact_id}/messages',
  'POST /v1/campaigns',
  'GET /v1/campaigns',
  'GET /v1/campaigns/{id}',
  'POST /v1/campaigns/{id}/recipients',
  'GET /v1/campaigns/{id}/recipients',
  'POST /v1/campaigns/{id}/start',
  'POST /v1/campaigns/{id}/pause',
  'GET /v1/webhooks/events',
  'GET /v1/webhooks',
  'POST /v1/webhooks',
  'GET /v1/webhooks/{id}',
  'PATCH /v1/webhooks/{id}',
  'DELETE /v1/webhooks/{id}',
  'POST /v1/webhooks/{id}/test',
  'GET /v1/webhooks/{id}/deliveries',
  'GET /v1/templates',
  'GET /v1/contacts',
  'POST /v1/contacts',
  'GET /v1/contacts/{id}',
  'PATCH /v1/contacts/{id}',
  'GET /v1/openapi.json',
];

const doc = buildOpenApiDocument();

function operationAt(method: string, path: string): OpenApiOperation | undefined {
  return doc.paths[path]?.[method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'];
}

/** The operations that need a key: all but the document's own. */
const operations = Object.values(doc.paths)
  .flatMap((item) => Object.values(item))
  .filter((op) => op.operationId !== 'getOpenApiDocument');

/** Objects of a request schema, including every branch of a union. */
function objectNodes(schema: JsonSchema): JsonSchema[] {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return schema.type === 'object' ? [schema] : branches.flatMap(objectNodes);
}

describe('OpenAPI document', () => {
  test('is OpenAPI 3.1 with info, servers and the bearer scheme', () => {
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(doc.info.version, '1');
    assert.deepEqual(doc.servers, [{ url: '/', description: 'This service' }]);
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description: 'An API key from the dashboard, e.g. `msk_live_…`, sent as `Authorization: Bearer <API_KEY>`.',
    });
    assert.equal(buildOpenApiDocument(), doc, 'built once per process');
  });

  test('holds every operation of the contract', () => {
    const missing = contractOperations.filter((entry) => {
      const [method = '', path = ''] = entry.split(' ');
      return operationAt(method, path) === undefined;
    });
    assert.deepEqual(missing, []);
  });

  test('holds every registered endpoint, once, as specified', () => {
    const ids = allEndpoints.map((spec) => spec.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const spec of allEndpoints) {
      const op = operationAt(spec.method, spec.path);
      assert.ok(op, `${spec.method} ${spec.path}`);
      assert.equal(op.operationId, spec.operationId);
      assert.equal(op['x-scope'], spec.scope);
      assert.ok(op.responses[String(spec.response.status)], `${spec.operationId} documents its success`);
      for (const name of spec.path.match(/\{(\w+)\}/g) ?? []) {
        const param = name.slice(1, -1);
        assert.ok(
          op.parameters.some((p) => 'name' in p && p.name === param && p.in === 'path'),
          `${spec.operationId} documents path parameter ${param}`,
        );
      }
    }
  });

  test('every operation has responses, a scope, error codes and security', () => {
    for (const op of operations) {
      assert.ok(Object.keys(op.responses).length > 1, op.operationId);
      assert.match(op['x-scope'] ?? '', /^[a-z]+:(read|write|send)$/, op.operationId);
      assert.ok(op['x-error-codes'].includes('internal_error'), op.operationId);
      assert.deepEqual(op.security, [{ bearerAuth: [] }]);
      for (const code of op['x-error-codes']) {
        const response = op.responses[String(messagingErrorCodes[code].status)];
        assert.ok(response?.description.includes(`\`${code}\``), `${op.operationId}: ${code} under its status`);
        assert.deepEqual(response?.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' });
      }
    }
  });

  test('every error code appears somewhere', () => {
    const used = new Set([...operations.flatMap((op) => op['x-error-codes']), ...pathErrors]);
    const unused = Object.keys(messagingErrorCodes).filter((code) => !used.has(code as keyof typeof messagingErrorCodes));
    assert.deepEqual(unused, []);
  });

  test('request bodies and queries refuse unknown fields', () => {
    for (const op of operations) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const nodes = objectNodes(schema);
      assert.ok(nodes.length > 0, op.operationId);
      for (const node of nodes) assert.equal(node.additionalProperties, false, `${op.operationId} body is strict`);
    }
    for (const spec of allEndpoints.filter((s) => s.query)) {
      const json = z.toJSONSchema(spec.query as z.ZodObject, { io: 'input' });
      assert.equal(json.additionalProperties, false, `${spec.operationId} query is strict`);
    }
  });

  test('POSTs take an Idempotency-Key and media answers with bytes', () => {
    for (const spec of allEndpoints.filter((s) => s.method === 'POST')) {
      const op = operationAt(spec.method, spec.path);
      assert.ok(
        op?.parameters.some((p) => '$ref' in p && p.$ref === '#/components/parameters/Idempotency-Key'),
        spec.operationId,
      );
    }
    assert.ok(operationAt('GET', '/v1/media/{message_id}')?.responses['200']?.content?.['application/octet-stream']);
    assert.equal(operationAt('DELETE', '/v1/webhooks/{id}')?.responses['204']?.content, undefined);
  });

  test('lists its own document, readable without a key', () => {
    const op = operationAt('GET', '/v1/openapi.json');
    assert.deepEqual(op?.security, []);
    assert.equal(op?.['x-scope'], null);
    assert.ok(op?.responses['200']?.content?.['application/json']?.schema.properties?.paths);
  });

  test('types every JSON success response', () => {
    for (const op of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (status.startsWith('2') && schema)
          assert.ok(schema.properties || schema.$ref || schema.anyOf || schema.oneOf, `${op.operationId}: ${status} is typed`);
      }
    }
  });

  test('describes every webhook event of the catalogue, with the message fields that may be null', () => {
    assert.deepEqual(Object.keys(doc.webhooks), [...eventNames]);
    for (const [event, item] of Object.entries(doc.webhooks)) {
      const payload = item.post.requestBody.content['application/json'].schema;
      assert.deepEqual(payload.properties?.event, { type: 'string', const: event }, event);
      assert.ok(payload.required?.includes('created_at'), event);
    }
    const message = doc.webhooks['message.failed']?.post.requestBody.content['application/json'].schema.properties?.message;
    for (const field of ['template_name', 'error_code', 'error_message', 'reference']) assert.ok(message?.required?.includes(field), field);
  });
});
