import { deleteTemplate as deleteTemplateSpec, getTemplate as getTemplateSpec } from '@/server/api/endpoints/templates';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { deleteTemplate } from '@/server/templates/delete-template';
import { getTemplate } from '@/server/templates/get-template';

const get = apiRoute(getTemplateSpec, ({ caller, params }) => getTemplate(caller.orgId, params.id));

const remove = apiRoute(deleteTemplateSpec, ({ caller, params }) => deleteTemplate(caller.orgId, params.id));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, DELETE: remove });
