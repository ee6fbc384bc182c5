'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, inputClass, Panel } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { AgentCallError, cancelPlaygroundRun, NETWORK_FAILURE, startPlaygroundSession, streamPlaygroundMessage } from './playground-transport';
import { applyRunEvent, isSettled, newReply, prettyJson, type ReplyTurn, type ToolCallView, type Turn } from './playground-turns';

/** Longest input the agent service takes from the dashboard (docs/agent-api.md §1.1: 4,000 characters with browser credentials). */
const MAX_INPUT = 4000;

interface Problem {
  code: string;
  message: string;
  /** When a limit resets (now + Retry-After). */
  resetsAt: Date | null;
}

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
  const language = useLocale();
  const inputId = useId();
  const hintId = useId();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<AbortController | null>(null);
  const counter = useRef(0);
  const runId = useRef<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Leaving the page stops reading the stream (the run itself ends on the server).
  useEffect(() => () => abort.current?.abort(), []);

  const updateReply = (key: string, change: (reply: ReplyTurn) => ReplyTurn) =>
    setTurns((list) => list.map((turn) => (turn.kind === 'reply' && turn.key === key ? change(turn) : turn)));

  const send = async () => {
    const text = input.trim();
    if (!text || busy) return;
    const controller = new AbortController();
    abort.current = controller;
    const call = { projectId, language, signal: controller.signal };
    counter.current += 1;
    const key = `turn-${counter.current}`;
    setProblem(null);
    setBusy(true);
    setAnnouncement(t('answering'));
    setTurns((list) => [...list, { kind: 'user', key: `${key}-user`, text }, newReply(key)]);
    setInput('');
    runId.current = null;
    let last: ReplyTurn = newReply(key);
    try {
      let session = sessionId;
      if (!session) {
        session = (await startPlaygroundSession(agentId, call)).id;
        setSessionId(session);
      }
      await streamPlaygroundMessage(session, text, call, (event) => {
        last = applyRunEvent(last, event);
        runId.current = last.runId;
        const next = last;
        updateReply(key, () => next);
      });
      // A run paused for client tools cannot go on here: stop it so the conversation can.
      if (last.status === 'requires_action' && last.runId) await cancelPlaygroundRun(last.runId, call).catch(() => undefined);
      if (!isSettled(last) && !last.error) {
        const cut = { ...last, error: { code: NETWORK_FAILURE, message: '' } };
        updateReply(key, () => cut);
      }
      setAnnouncement(last.status === 'completed' ? t('answered') : t('runEnded'));
    } catch (error) {
      if (controller.signal.aborted) {
        updateReply(key, (reply) => (isSettled(reply) ? reply : { ...reply, status: 'cancelled' }));
        setAnnouncement(t('stopped'));
      } else {
        // Refused before any run started: the message did not count; show why and give it back.
        setTurns((list) => list.filter((turn) => turn.key !== key && turn.key !== `${key}-user`));
        setInput(text);
        const refused = error instanceof AgentCallError ? error : new AgentCallError('internal_error', '', null);
        setProblem({
          code: refused.code,
          message: refused.message,
          resetsAt: refused.retryAfterSeconds === null ? null : new Date(Date.now() + refused.retryAfterSeconds * 1000),
        });
        setAnnouncement('');
      }
    } finally {
      abort.current = null;
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const stop = () => {
    const running = runId.current;
    abort.current?.abort();
    if (running) void cancelPlaygroundRun(running, { projectId, language }).catch(() => undefined);
  };

  const startOver = () => {
    if (busy) stop();
    setSessionId(null);
    setTurns([]);
    setProblem(null);
    setAnnouncement(t('newStarted'));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; never while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

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
      {turns.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600" data-testid="playground-empty">
          <p>{t('empty')}</p>
          <p className="mt-1">{t('emptyTip')}</p>
        </div>
      ) : (
        <ol className="max-h-[32rem] space-y-3 overflow-y-auto rounded-lg bg-slate-50 p-3" aria-label={t('conversation')} tabIndex={0}>
          {turns.map((turn) => (
            <li key={turn.key}>{turn.kind === 'user' ? <UserBubble text={turn.text} /> : <Reply reply={turn} />}</li>
          ))}
        </ol>
      )}
      {problem && <ProblemLine problem={problem} />}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {t('message')}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          rows={3}
          dir="auto"
          maxLength={MAX_INPUT}
          aria-describedby={hintId}
          className={inputClass}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <p id={hintId} className="me-auto text-xs text-slate-600">
            {t('messageHint')}
          </p>
          {busy && <Button onClick={stop}>{t('stop')}</Button>}
          <Button variant="primary" type="submit" disabled={busy || input.trim() === ''}>
            {busy ? t('sending') : t('send')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function UserBubble({ text }: { text: string }) {
  const t = useTranslations('agents.builder.playground');
  return (
    <div className="ms-auto max-w-[85%] rounded-xl bg-brand-600 px-3 py-2 text-sm text-white" data-testid="playground-user">
      <p className="sr-only">{t('you')}</p>
      <p dir="auto" className="wrap-anywhere whitespace-pre-wrap">
        {text}
      </p>
    </div>
  );
}

function Reply({ reply }: { reply: ReplyTurn }) {
  const t = useTranslations('agents.builder.playground');
  const streaming = !isSettled(reply);
  return (
    <div
      className="me-auto max-w-[85%] min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900"
      data-testid="playground-reply"
      aria-busy={streaming}
    >
      <p className="sr-only">{t('agent')}</p>
      {reply.tools.length > 0 && (
        <ul className="space-y-1" aria-label={t('toolCalls')}>
          {reply.tools.map((call) => (
            <ToolCall key={call.callId} call={call} />
          ))}
        </ul>
      )}
      {reply.text !== '' && (
        <p dir="auto" className="wrap-anywhere whitespace-pre-wrap" data-testid="playground-reply-text">
          {reply.text}
          {streaming && <span aria-hidden="true" className="ms-0.5 inline-block h-4 w-1.5 animate-pulse bg-slate-400 align-middle" />}
        </p>
      )}
      {streaming && reply.text === '' && <p className="text-slate-600">{reply.status === 'queued' ? t('queued') : t('thinking')}</p>}
      <RunFooter reply={reply} />
    </div>
  );
}

function ToolCall({ call }: { call: ToolCallView }) {
  const t = useTranslations('agents.builder.playground.tool');
  const tone =
    call.state === 'succeeded'
      ? 'bg-emerald-50 text-emerald-900'
      : call.state === 'failed'
        ? 'bg-red-50 text-red-800'
        : 'bg-slate-100 text-slate-800';
  return (
    <li data-testid="playground-tool-call">
      <details className="rounded-lg border border-slate-200">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-2 py-1 focus-visible:outline-2 focus-visible:outline-brand-600">
          <span>{t('label')}</span>
          <span className="font-mono text-xs wrap-anywhere" dir="ltr">
            {call.name}
          </span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>{t(`state.${call.state}`)}</span>
        </summary>
        <div className="space-y-2 border-t border-slate-200 px-2 py-2">
          {call.arguments !== '' && <JsonBlock label={t('arguments')} value={call.arguments} />}
          {call.output !== undefined && (
            <JsonBlock label={call.state === 'failed' ? t('error') : t('result')} value={call.output} testId="playground-tool-output" />
          )}
          {call.state === 'waiting' && <p className="text-xs text-slate-700">{t('clientTool')}</p>}
        </div>
      </details>
    </li>
  );
}

/** A labelled JSON value; it scrolls when long, so it takes focus to be scrolled from the keyboard. */
function JsonBlock({ label, value, testId }: { label: string; value: unknown; testId?: string }) {
  const id = useId();
  return (
    <div>
      <p id={id} className="text-xs font-medium text-slate-700">
        {label}
      </p>
      <pre
        dir="ltr"
        tabIndex={0}
        aria-labelledby={id}
        className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap wrap-anywhere focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid={testId}
      >
        {prettyJson(value)}
      </pre>
    </div>
  );
}

/** The run's end: what answered and what it used, or why it stopped. */
function RunFooter({ reply }: { reply: ReplyTurn }) {
  const t = useTranslations('agents.builder.playground');
  const format = useFormatter();
  const failed = reply.status === 'failed' || reply.error !== null;
  return (
    <>
      {reply.outcome === 'handed_off' && <p className="text-amber-900">{t('handedOff')}</p>}
      {reply.status === 'requires_action' && <p className="text-amber-900">{t('clientToolsStopped')}</p>}
      {reply.status === 'cancelled' && <p className="text-slate-600">{t('cancelled')}</p>}
      {failed && (
        <Alert look="box" data-testid="playground-run-error">
          {runErrorText(t, reply.error)}
        </Alert>
      )}
      {(reply.model || reply.usage) && isSettled(reply) && (
        <p className="text-xs text-slate-600" data-testid="playground-run-usage">
          {reply.model && (
            <span className="font-mono" dir="ltr">
              {reply.model}
            </span>
          )}
          {reply.usage && (
            <>
              {reply.model && ' · '}
              {t('usage', {
                input: format.number(reply.usage.input_tokens),
                output: format.number(reply.usage.output_tokens),
                cost: format.number(reply.usage.cost_micros / 1_000_000, { style: 'currency', currency: 'USD', maximumFractionDigits: 6 }),
              })}
            </>
          )}
        </p>
      )}
    </>
  );
}

type PlaygroundT = ReturnType<typeof useTranslations<'agents.builder.playground'>>;

/** A run's failure in plain words: ours for the codes we know, else the service's message. */
function runErrorText(t: PlaygroundT, error: ReplyTurn['error']): string {
  if (!error) return t('runErrors.unknown');
  if (t.has(`runErrors.${error.code}`)) return t(`runErrors.${error.code}`);
  return error.message || t('runErrors.unknown');
}

/** A refusal before any run: the playground limit with the time it resets, a draft the role may not test, or the service's words. */
function ProblemLine({ problem }: { problem: Problem }) {
  const t = useTranslations('agents.builder.playground');
  const formatTime = useFormatTime();
  let text: string;
  if (problem.code === 'playground_limit_reached')
    text = problem.resetsAt ? t('limitReached', { time: formatTime(problem.resetsAt) }) : t('limitReachedNoTime');
  else if (problem.code === 'draft_not_allowed' || problem.code === 'permission_denied') text = t('notAllowed');
  else if (problem.code === NETWORK_FAILURE) text = t('runErrors.network_failure');
  else text = problem.message || t('runErrors.unknown');
  return (
    <Alert look="box" className="text-sm" data-testid="playground-problem">
      {text}
    </Alert>
  );
}
