'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { prettyJson, type ToolCallView } from '../playground-turns';

/** One tool call of a reply: its name and state, its arguments and result when opened. */
export function ToolCall({ call }: { call: ToolCallView }) {
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
