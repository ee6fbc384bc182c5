import { listTemplates as listTemplatesSpec } from '@/server/api/endpoints/templates';
import { apiRoute } from '@/server/api/route';
import { listTemplates } from '@/server/templates/list-templates';

export const GET = apiRoute(listTemplatesSpec, ({ caller, query }) => listTemplates(caller.orgId, query));
