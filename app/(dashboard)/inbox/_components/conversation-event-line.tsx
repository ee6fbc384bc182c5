import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ConversationEventLine as EventLine } from '@/server/conversations/conversation-events';
import { useInboxFormat } from './format';
import { useHandoffReason } from './handoff-reason';

const isolate = (chunks: ReactNode) => <bdi className="font-medium text-slate-800">{chunks}</bdi>;

/**
 * One line of the thread's activity (docs/architecture.md, "Conversation state"): who assigned,
 * took over, returned to the AI, snoozed, resolved or reopened the conversation, and when.
 * Names are members' as they are now; one who left is "a former member".
 */
export function ConversationEventLine({ event }: { event: EventLine }) {
  const t = useTranslations('inbox.events');
  const format = useInboxFormat();
  const reasonWords = useHandoffReason();
  const name = (person: EventLine['actor']) => person?.name ?? t('formerMember');
  const actor = name(event.actor);
  const subject = name(event.subject);
  const byMember = event.actorType === 'member';
  const values = { actor, subject, name: isolate };
  const text = (() => {
    switch (event.kind) {
      case 'assigned':
        if (!byMember) return t.rich('assignedBySystem', values);
        return event.actor?.id === event.subject?.id ? t.rich('assignedSelf', values) : t.rich('assigned', values);
      case 'unassigned':
        return byMember ? t.rich('unassigned', values) : t('unassignedBySystem');
      case 'handoff_opened': {
        const reason = reasonWords(event.detail.reason ?? '');
        return t(event.actorType === 'ai' ? 'handoffOpenedByAi' : 'handoffOpenedBySystem', { reason: `\u2068${reason}\u2069` });
      }
      case 'taken_over':
        return event.subject ? t.rich('takenOverFrom', values) : t.rich('takenOver', values);
      case 'returned_to_ai':
        return byMember ? t.rich('returnedToAi', values) : t('returnedToAiBySystem');
      case 'handoff_expired':
        return t('handoffExpired');
      case 'snoozed': {
        const time = event.detail.until ? format.stamp(new Date(event.detail.until)) : '';
        return byMember ? t.rich('snoozed', { ...values, time }) : t('snoozedBySystem', { time });
      }
      case 'resolved':
        return byMember ? t.rich('resolved', values) : t('resolvedBySystem');
      case 'reopened':
        if (byMember) return t.rich('reopened', values);
        return event.actorType === 'customer' ? t('reopenedByCustomer') : t('reopenedBySystem');
    }
  })();
  return (
    <li data-testid="conversation-event" data-kind={event.kind} className="my-2 flex justify-center">
      <p className="max-w-[90%] rounded-full bg-slate-100 px-3 py-1 text-center text-xs wrap-anywhere text-slate-600 ring-1 ring-slate-200">
        {text}
        {' · '}
        <time dateTime={event.createdAt.toISOString()}>{format.stamp(event.createdAt)}</time>
      </p>
    </li>
  );
}
