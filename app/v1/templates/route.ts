import { createTemplate as createTemplateSpec, listTemplates as listTemplatesSpec } from '@/server/api/endpoints/templates';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { createTemplate } from '@/server/templates/create-template';
import { listTemplates } from '@/server/templates/list-templates';

const get = apiRoute(listTemplatesSpec, ({ caller, query }) => listTemplates(caller.orgId, query));

const post = apiRoute(createTemplateSpec, ({ caller, body }) => createTemplate(caller.orgId, body));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, POST: post });
