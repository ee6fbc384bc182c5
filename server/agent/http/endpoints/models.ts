import { z } from 'zod';
import { defineAgentEndpoint } from '../agent-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { modelResponse } from '../responses/resources';

export const listModelsEndpoint = defineAgentEndpoint({
  operationId: 'listModels',
  method: 'GET',
  path: '/v1/models',
  tag: 'Models',
  summary: 'List the models',
  description:
    "The catalogue of models agents can use. `allowed_on_plan` says whether the organization's plan includes the model; " +
    '`configured` whether the project holds a valid provider key for its provider (POST /v1/provider_credentials). ' +
    'Prices are US dollars per million tokens.',
  access: 'project',
  permission: 'agents:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of models.', schema: agentListOf(modelResponse) },
  errors: ['invalid_cursor'],
});

export const modelEndpoints = [listModelsEndpoint];
