import { listTemplates as listTemplatesSpec } from '@/server/api/endpoints/templates';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listTemplates } from '@/server/templates/list-templates';

const get = apiRoute(listTemplatesSpec, ({ caller, query }) => listTemplates(caller.orgId, query));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
