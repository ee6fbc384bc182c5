import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { agentListQuery } from '../agent-paging';
import { agentListOf } from '../responses/common';
import { modelResponse } from '../responses/resources';

export const listModelsEndpoint = defineEndpoint({
  operationId: 'listModels',
  method: 'GET',
  path: '/v1/models',
  tag: 'Models',
  summary: 'List the models',
  description:
    "The catalogue of models agents can use. `allowed_on_plan` says whether the organization's plan includes the model; " +
    '`configured` whether the project holds a valid provider key for its provider (POST /v1/provider_credentials). ' +
    'Prices are US dollars per million tokens. Entries carry OpenAI\'s `object: "model"`, `created` and `owned_by`, so OpenAI SDKs list them; ' +
    "these are the models agents answer with, while `POST /v1/chat/completions` takes an agent's slug as `model`.",
  access: 'project',
  permission: 'agents:read',
  query: z.object(agentListQuery),
  response: { status: 200, description: 'A list of models.', schema: agentListOf(modelResponse) },
  errors: ['invalid_cursor'],
});

export const getModelEndpoint = defineEndpoint({
  operationId: 'getModel',
  method: 'GET',
  path: '/v1/models/{model}',
  tag: 'Models',
  summary: 'Get a model',
  description: 'One entry of the catalogue, as `GET /v1/models` lists it (`openai/gpt-4.1`; OpenAI SDKs send the slash as `%2F`).',
  access: 'project',
  permission: 'agents:read',
  params: z.object({ model: z.string().min(1).max(100).describe('The model id, such as `sim/steady`.') }),
  response: { status: 200, description: 'A model.', schema: modelResponse },
  errors: ['resource_not_found'],
});

export const modelEndpoints = [listModelsEndpoint, getModelEndpoint];
