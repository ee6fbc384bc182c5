'use client';

import { useTranslations } from 'next-intl';
import { Button, Panel } from '@/app/(dashboard)/_components/kit';
import { Composer } from './playground/composer';
import { ProblemLine } from './playground/problem-line';
import { Transcript } from './playground/transcript';
import { usePlaygroundRun } from './playground/use-playground-run';

/**
 * "Try it": a conversation with the agent's saved draft in a playground session (docs/agent-api.md
 * §1.3, `channel: playground`, `version: draft`), its reply streamed as it is written, each tool
 * call as it happens, and the run's model, usage and failure. Only members who may edit agents
 * may test drafts (`draft_not_allowed` otherwise), so the others read why instead.
 */
export function Playground({
  projectId,
  agentId,
  canEdit,
  archived,
  dirty,
}: {
  projectId: string;
  agentId: string;
  canEdit: boolean;
  archived: boolean;
  dirty: boolean;
}) {
  const t = useTranslations('agents.builder.playground');
  if (!canEdit || archived)
    return (
      <Panel id="playground" title={t('title')}>
        <p className="text-sm text-slate-700" data-testid="playground-unavailable">
          {archived ? t('archived') : t('notAllowed')}
        </p>
      </Panel>
    );
  return <Conversation projectId={projectId} agentId={agentId} dirty={dirty} />;
}

function Conversation({ projectId, agentId, dirty }: { projectId: string; agentId: string; dirty: boolean }) {
  const t = useTranslations('agents.builder.playground');
  const { sessionId, turns, input, setInput, busy, problem, announcement, inputRef, send, stop, startOver } = usePlaygroundRun({
    projectId,
    agentId,
  });
  return (
    <Panel id="playground" title={t('title')} intro={t('intro')}>
      {dirty && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="playground-unsaved">
          {t('unsaved')}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{sessionId ? t('sessionOpen') : t('sessionNone')}</p>
        <Button onClick={startOver} disabled={turns.length === 0 && !problem}>
          {t('newConversation')}
        </Button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <Transcript turns={turns} />
      {problem && <ProblemLine problem={problem} />}
      <Composer input={input} setInput={setInput} busy={busy} inputRef={inputRef} send={send} stop={stop} />
    </Panel>
  );
}
