import { db } from '@/server/db';
import { notFound } from '@/server/errors/api-error';
import { newId } from '@/server/db/ids';
import type { Sql } from '@/server/db/sql';

/** What a thread's event line says happened (docs/architecture.md, "Conversation state"). */
export const CONVERSATION_EVENT_KINDS = [
  'assigned',
  'unassigned',
  'handoff_opened',
  'taken_over',
  'returned_to_ai',
  'handoff_expired',
  'snoozed',
  'resolved',
  'reopened',
] as const;

export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

/** Who did it: a member, the AI agent, the customer (a message reopens), or the system (a snooze ending). */
export type ConversationActor = { type: 'member'; id: string } | { type: 'ai' | 'customer' | 'system' };

export interface ConversationEventInput {
  orgId: string;
  contactId: string;
  kind: ConversationEventKind;
  actor: ConversationActor;
  subjectId?: string | null;
  detail?: Record<string, string | null>;
  at?: Date;
}

/** Records an event line in the caller's transaction, so the line and the change commit together. */
export async function recordConversationEvent(client: Sql, event: ConversationEventInput): Promise<void> {
  await client.query({
    name: 'conversation-event-insert',
    text: `INSERT INTO conversation_events (id, org_id, contact_id, kind, actor_type, actor_id, subject_id, detail, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
    values: [
      newId('conversationEvent'),
      event.orgId,
      event.contactId,
      event.kind,
      event.actor.type,
      event.actor.type === 'member' ? event.actor.id : null,
      event.subjectId ?? null,
      JSON.stringify(event.detail ?? {}),
      event.at ?? new Date(),
    ],
  });
}

/** A thread holds at most this many event lines (the newest); older ones are rarely read back. */
const EVENT_LIMIT = 500;

/**
 * A conversation's event lines, oldest first, with the names of the members they mention as
 * they are now (a member who left shows as nobody in particular). Another organization's
 * conversation is not found.
 */
export async function listConversationEvents(orgId: string, contactId: string) {
  const contact = await db.contact.findFirst({ where: { id: contactId, orgId }, select: { id: true } });
  if (!contact) throw notFound('conversation', 'contact_id');
  const rows = await db.conversationEvent.findMany({
    where: { orgId, contactId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: EVENT_LIMIT,
  });
  const ids = [...new Set(rows.flatMap((row) => [row.actorId, row.subjectId]).filter((id): id is string => id !== null))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(users.map((user) => [user.id, user.name]));
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? null } : null);
  return rows.reverse().map((row) => ({
    id: row.id,
    kind: row.kind as ConversationEventKind,
    actorType: row.actorType as ConversationActor['type'],
    actor: person(row.actorId),
    subject: person(row.subjectId),
    detail: row.detail as Record<string, string | null>,
    createdAt: row.createdAt,
  }));
}

export type ConversationEventLine = Awaited<ReturnType<typeof listConversationEvents>>[number];
