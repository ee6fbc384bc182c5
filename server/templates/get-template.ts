import { db } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { isId } from '@/server/db/ids';
import { presentTemplate, templateInclude } from './present-template';

/** One template of the organization; another's, or none, is `resource_not_found`. */
export async function findTemplate(orgId: string, id: string) {
  const template = isId('template', id) ? await db.template.findFirst({ where: { id, orgId }, include: templateInclude }) : null;
  if (!template) throw notFound('template', 'id');
  return template;
}

export async function getTemplate(orgId: string, id: string) {
  return presentTemplate(await findTemplate(orgId, id));
}
