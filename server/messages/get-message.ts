import { ApiError, notFound } from '@/server/errors/api-error';
import { db } from '@/server/db';
import { isId } from '@/server/db/ids';
import { messageApiInclude } from './present-message';

/** One message of the organization; another organization's is "not found" like a missing one. */
export async function getMessage(orgId: string, id: string, param = 'id') {
  if (!isId('message', id)) throw new ApiError('invalid_parameter', `\`${param}\` is not a message id.`, { param });
  const message = await db.message.findFirst({ where: { id, orgId }, include: messageApiInclude });
  if (!message) throw notFound('message', param);
  return message;
}
