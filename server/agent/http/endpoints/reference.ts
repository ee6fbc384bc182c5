import { openApiDocumentSchema } from '@/server/api/openapi';
import { defineAgentEndpoint } from '../agent-endpoint';

export const openApiSpec = defineAgentEndpoint({
  operationId: 'getOpenApiDocument',
  method: 'GET',
  path: '/v1/openapi.json',
  tag: 'Reference',
  summary: 'This API as an OpenAPI 3.1 document',
  access: 'public',
  response: { status: 200, description: 'The OpenAPI document.', schema: openApiDocumentSchema },
});

export const referenceEndpoints = [openApiSpec];
