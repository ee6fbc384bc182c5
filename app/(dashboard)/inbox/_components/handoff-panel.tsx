'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { ConversationHandoff } from '@/server/inbox/conversation-handoff';
import { useInboxFormat } from './format';
import { useHandoffReason } from './handoff-reason';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

type ActiveHandoff = Extract<ConversationHandoff, { state: 'handoff' }>;

/** A summary longer than this is folded to a few lines, with a button to read all of it. */
const LONG_SUMMARY = 240;

const OPENERS = ['model', 'api', 'never_handle', 'refusal', 'quota', 'cost_cap', 'interrupted', 'takeover', 'run_failed', 'unanswered'] as const;

/**
 * The AI side of the open conversation (docs/agent-api.md §2.6): while the AI answers, a line
 * saying so; while staff have it, the handoff (who has it, why, the model's summary, who opened
 * it and when) and what the member may do: claim it or take it over (owners and admins), or give
 * it back to the AI; resolving is the conversation's own Resolve, which ends the handoff too.
 * Changes arrive live through the inbox's fan-out.
 */
export function HandoffPanel({ contactId, userId }: { contactId: string; userId: string }) {
  const trpc = useTRPC();
  const t = useTranslations('inbox.handoff');
  const handoff = useQuery(trpc.inbox.handoff.queryOptions({ contactId }));
  const data = handoff.data;
  if (!data || data.state === 'none') return null;
  if (data.state === 'ai') {
    return (
      <p
        data-testid="handoff-panel"
        data-state="ai"
        className="flex items-center gap-2 border-b border-slate-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-900 sm:px-4"
      >
        <span aria-hidden="true" className="rounded bg-sky-800 px-1 text-[11px] font-semibold text-white">
          {t('aiBadge')}
        </span>
        {data.sessionStatus === 'open' ? t('aiHandling') : t('aiNext')}
      </p>
    );
  }
  return <ActiveHandoffPanel contactId={contactId} userId={userId} data={data} />;
}

function ActiveHandoffPanel({ contactId, userId, data }: { contactId: string; userId: string; data: ActiveHandoff }) {
  const trpc = useTRPC();
  const t = useTranslations('inbox.handoff');
  const errorText = useErrorText();
  const format = useInboxFormat();
  const reasonWords = useHandoffReason();
  const queryClient = useQueryClient();
  const headingId = useId();
  const summaryId = useId();
  const [expanded, setExpanded] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.handoff.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.counts.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.events.queryKey({ contactId }) });
  };
  const [failure, setFailure] = useState<unknown>(null);
  // A refusal (someone else claimed it first, it ended meanwhile) also means what is shown is stale.
  const options = {
    onMutate: () => setFailure(null),
    onSuccess: refresh,
    onError: (error: unknown) => {
      setFailure(error);
      refresh();
    },
  };
  const claim = useMutation(trpc.inbox.claimHandoff.mutationOptions(options));
  const release = useMutation(trpc.inbox.releaseHandoff.mutationOptions(options));
  const pending = claim.isPending || release.isPending;
  const { handoff, can } = data;
  const handoffId = handoff.id;
  const opener = (OPENERS as readonly string[]).includes(handoff.openedBy) ? handoff.openedBy : 'api';
  const long = (handoff.summary?.length ?? 0) > LONG_SUMMARY;
  // A member's reply took it from the AI: nobody "handed it over".
  const takenOver = opener === 'takeover';
  const heading =
    handoff.status === 'open'
      ? t('needsHuman')
      : handoff.assignee?.id === userId
        ? t(takenOver ? 'takenOverByYou' : 'assignedToYou')
        : t(takenOver ? 'takenOverBy' : 'assignedTo', { name: `\u2068${handoff.assignee?.name || t('someone')}\u2069` });

  return (
    <section
      aria-labelledby={headingId}
      data-testid="handoff-panel"
      data-state="handoff"
      data-status={handoff.status}
      className="border-b border-amber-200 bg-amber-50 px-3 py-2 sm:px-4"
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id={headingId} className="text-sm font-semibold text-amber-950">
            {heading}
          </h3>
          <p className="text-xs wrap-anywhere text-slate-700">
            {t('opened', { by: t(`openers.${opener}`), time: format.stamp(handoff.openedAt) })}
            {' · '}
            {t('reasonLabel')}{' '}
            <bdi dir="auto" className="font-medium text-slate-900" data-testid="handoff-reason">
              {reasonWords(handoff.reason)}
            </bdi>
          </p>
          {handoff.summary && (
            <div className="mt-1">
              <p
                id={summaryId}
                dir="auto"
                data-testid="handoff-summary"
                className={`text-sm whitespace-pre-wrap wrap-anywhere text-slate-900 ${long && !expanded ? 'line-clamp-3' : ''}`}
              >
                {handoff.summary}
              </p>
              {long && (
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={summaryId}
                  onClick={() => setExpanded((value) => !value)}
                  className="text-xs font-medium text-amber-900 underline hover:no-underline"
                >
                  {expanded ? t('showLess') : t('showMore')}
                </button>
              )}
            </div>
          )}
          {handoff.note && (
            <p dir="auto" className="mt-1 text-xs whitespace-pre-wrap wrap-anywhere text-slate-700">
              {t('note', { note: handoff.note })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('actions')}>
          {can.claim && (
            <Button
              variant="primary"
              size="xs"
              className="shrink-0"

              disabled={pending}
              onClick={() => claim.mutate({ handoffId })}
            >
              {t('assignToMe')}
            </Button>
          )}
          {can.takeOver && (
            <Button size="xs" className="shrink-0" disabled={pending} onClick={() => claim.mutate({ handoffId, force: true })}>
              {t('takeOver')}
            </Button>
          )}
          {can.release && (
            <Button size="xs" className="shrink-0" disabled={pending} onClick={() => release.mutate({ handoffId })}>
              {t('returnToAi')}
            </Button>
          )}
        </div>
      </div>
      {failure !== null && (
        <Alert data-testid="handoff-error" className="mt-1 text-xs">
          {errorText(failure)}
        </Alert>
      )}
    </section>
  );
}
