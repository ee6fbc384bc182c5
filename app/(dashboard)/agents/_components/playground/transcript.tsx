'use client';

import { useTranslations } from 'next-intl';
import { isSettled, type ReplyTurn, type Turn } from '../playground-turns';
import { RunFooter } from './run-footer';
import { ToolCall } from './tool-call';

/** The conversation so far, the member's messages and the agent's replies as they stream, or how to start one. */
export function Transcript({ turns }: { turns: Turn[] }) {
  const t = useTranslations('agents.builder.playground');
  return turns.length === 0 ? (
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
