import { openApiDocumentSchema } from '@/server/contract/openapi';
import { defineEndpoint } from '@/server/contract/define-endpoint';

export const openApiSpec = defineEndpoint({
  operationId: 'getOpenApiDocument',
  method: 'GET',
  path: '/v1/openapi.json',
  tag: 'Reference',
  summary: 'This API as an OpenAPI 3.1 document',
  access: 'public',
  response: { status: 200, description: 'The OpenAPI document.', schema: openApiDocumentSchema },
});

export const referenceEndpoints = [openApiSpec];
