'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { InboxConversation } from '@/server/inbox/present-inbox-conversation';
import { useInboxFormat } from './format';
import { NotesPanel } from './notes-panel';
import { SimulatePanel } from './simulate-panel';
import { TagEditor } from './tag-editor';
import { useNow } from './use-now';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';
import { useConversationName, WidgetContactDetails } from './conversation-channel';

interface ContactPanelProps {
  conversation: InboxConversation;
  userId: string;
  simulator: boolean;
}

/** Who the customer is and how the team handles them: assignee, tags, opt-out, window, notes. */
export function ContactPanel({ conversation, userId, simulator }: ContactPanelProps) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.contact');
  const format = useInboxFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow();
  const assigneeId = useId();
  const agents = useQuery(trpc.inbox.agents.queryOptions());
  const { contactId } = conversation;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.events.queryKey({ contactId }) });
  };
  const assign = useMutation(trpc.inbox.assign.mutationOptions({ onSuccess: refresh }));
  // While the AI's handoff is active, its panel holds the one "Assign to me" / "Take over".
  const handoffActive = useQuery(trpc.inbox.handoff.queryOptions({ contactId })).data?.state === 'handoff';
  const update = useMutation(trpc.inbox.updateContact.mutationOptions({ onSuccess: refresh }));
  const open = conversation.windowOpenUntil && conversation.windowOpenUntil.getTime() > now;
  const website = conversation.channel === 'widget';
  const visitorName = useConversationName();

  return (
    <div className="space-y-5 p-4" data-testid="contact-panel">
      <section>
        <h2 className="text-base font-semibold wrap-anywhere text-slate-900" dir={conversation.name ? 'auto' : undefined}>
          {conversation.name ?? (website ? visitorName(conversation) : t('unnamed'))}
        </h2>
        {conversation.channel === 'widget' ? (
          <WidgetContactDetails email={conversation.email} />
        ) : (
          <>
            <p className="text-sm text-slate-600">
              <bdi dir="ltr">{conversation.phoneNumber}</bdi>
            </p>
            <dl className="mt-3 space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">{t('number')}</dt>
                <dd className="min-w-0 text-end wrap-anywhere text-slate-900">
                  {conversation.account ? <bdi>{conversation.account}</bdi> : '—'}
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">{t('window')}</dt>
                <dd className={open ? 'text-emerald-700' : 'text-amber-700'}>
                  {open && conversation.windowOpenUntil
                    ? t('windowOpen', { remaining: format.remaining(conversation.windowOpenUntil, now) })
                    : t('windowClosed')}
                </dd>
              </div>
            </dl>
          </>
        )}
      </section>

      <section className="space-y-1">
        <label htmlFor={assigneeId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t('assignedTo')}
        </label>
        <div className="flex gap-1">
          <select
            id={assigneeId}
            value={conversation.assignee?.id ?? ''}
            disabled={assign.isPending || agents.isPending}
            onChange={(event) => assign.mutate({ contactId, assigneeId: event.target.value || null })}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            <option value="">{t('nobody')}</option>
            {(agents.data ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.id === userId ? t('you', { name: agent.name }) : agent.name}
              </option>
            ))}
            {conversation.assignee && !agents.data?.some((a) => a.id === conversation.assignee?.id) && (
              <option value={conversation.assignee.id}>{conversation.assignee.name}</option>
            )}
          </select>
          {conversation.assignee?.id !== userId && !handoffActive && (
            <Button
              size="xs"
              className="shrink-0"

              onClick={() => assign.mutate({ contactId, assigneeId: userId })}
            >
              {t('assignToMe')}
            </Button>
          )}
        </div>
        {assign.isError && <Alert className="text-xs">{errorText(assign.error)}</Alert>}
      </section>

      <section className="space-y-1">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('tags')}</h3>
        <TagEditor tags={conversation.tags} disabled={update.isPending} onChange={(tags) => update.mutate({ contactId, tags })} />
      </section>

      {/* Marketing and the simulated WhatsApp customer are WhatsApp's; a website visitor gets neither. */}
      <section hidden={website}>
        <label className="flex items-center justify-between gap-2 text-sm text-slate-800">
          {t('optedOut')}
          <input
            type="checkbox"
            role="switch"
            checked={conversation.optedOutMarketing}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ contactId, optedOutMarketing: event.target.checked })}
            className="size-4 accent-brand-600"
          />
        </label>
        {update.isError && <Alert className="text-xs">{errorText(update.error)}</Alert>}
      </section>

      <NotesPanel contactId={contactId} />
      {simulator && !website && <SimulatePanel contactId={contactId} />}
    </div>
  );
}
