import { z } from 'zod';
import { agentListQuery } from '../agent-paging';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { idempotencyErrors, listErrors } from '../agent-endpoint';
import { agentListOf } from '../responses/common';

/** The organization's projects; the dashboard cookie alone (no X-Project-Id). */
const project = z.object({ id: z.string(), object: z.literal('project'), name: z.string(), ai_paused: z.boolean(), created_at: z.string() });

export const listProjectsEndpoint = defineEndpoint({
  operationId: 'listProjects',
  method: 'GET',
  path: '/v1/projects',
  tag: 'Projects',
  summary: "List the organization's projects",
  access: 'organization',
  permission: 'organization:read',
  query: z.object(agentListQuery),
  response: {
    status: 200,
    description: 'A page of projects, newest first.',
    schema: agentListOf(project),
  },
  errors: listErrors,
});

export const createProjectEndpoint = defineEndpoint({
  operationId: 'createProject',
  method: 'POST',
  path: '/v1/projects',
  tag: 'Projects',
  summary: 'Create a project',
  access: 'organization',
  permission: 'projects:write',
  idempotent: true,
  body: z.object({ name: z.string().trim().min(1).max(100) }).strict(),
  response: { status: 201, description: 'The new project.', schema: project },
  errors: ['name_taken', ...idempotencyErrors],
});

export const projectEndpoints = [listProjectsEndpoint, createProjectEndpoint];
