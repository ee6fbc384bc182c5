import { z } from 'zod';
import { ApiError, notFound } from '@/server/errors/api-error';
import { db, Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { fillSavedReply } from './fill-saved-reply';

/** What a saved reply is made of; the dashboard's form and the service check the same rules. */
export const savedReplyInput = z.object({
  shortcut: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Use up to 40 lower-case letters, digits, - and _, starting with a letter or digit.'),
  body: z.string().trim().min(1).max(4096),
});
export type SavedReplyInput = z.infer<typeof savedReplyInput>;

const replySelect = { id: true, shortcut: true, body: true, updatedAt: true, createdBy: { select: { id: true, name: true } } } as const;

/** The team's saved replies whose shortcut starts with `prefix` (all without one), by shortcut. */
export async function listSavedReplies(orgId: string, prefix?: string) {
  return db.savedReply.findMany({
    where: { orgId, ...(prefix ? { shortcut: { startsWith: prefix.toLowerCase() } } : {}) },
    select: replySelect,
    orderBy: { shortcut: 'asc' },
    take: 200,
  });
}

export async function createSavedReply(orgId: string, userId: string, input: SavedReplyInput) {
  return withShortcutCheck(input.shortcut, () =>
    db.savedReply.create({ data: { id: newId('savedReply'), orgId, createdById: userId, ...input }, select: replySelect }),
  );
}

export async function updateSavedReply(orgId: string, id: string, input: SavedReplyInput) {
  const changed = await withShortcutCheck(input.shortcut, () => db.savedReply.updateMany({ where: { id, orgId }, data: input }));
  if (changed.count === 0) throw notFound('saved reply');
}

export async function deleteSavedReply(orgId: string, id: string): Promise<void> {
  const deleted = await db.savedReply.deleteMany({ where: { id, orgId } });
  if (deleted.count === 0) throw notFound('saved reply');
}

/** A saved reply filled in for one conversation's contact, ready for the composer. */
export async function fillSavedReplyFor(orgId: string, id: string, contactId: string): Promise<string> {
  const [reply, contact] = await Promise.all([
    db.savedReply.findFirst({ where: { id, orgId }, select: { body: true } }),
    db.contact.findFirst({ where: { id: contactId, orgId }, select: { name: true, phoneNumber: true } }),
  ]);
  if (!reply) throw notFound('saved reply');
  if (!contact) throw notFound('conversation');
  return fillSavedReply(reply.body, contact);
}

async function withShortcutCheck<T>(shortcut: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ApiError('invalid_parameter', `The team already has a saved reply /${shortcut}.`, { param: 'shortcut' });
    }
    throw error;
  }
}
