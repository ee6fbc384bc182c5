'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button, ErrorLine, TextArea } from '@/app/(dashboard)/_components/kit';
import type { ToolRow } from './tool-row';

/** Calls the tool once through the tool test service and shows what came back. */
export function ToolTest({ projectId, tool }: { projectId: string; tool: ToolRow }) {
  const t = useTranslations('agents.builder.tools.testPanel');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const [args, setArgs] = useState('{}');
  const [variables, setVariables] = useState('{}');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const run = useMutation(trpc.agents.testTool.mutationOptions());
  const outcome = run.data;
  return (
    <form
      aria-label={t('title', { name: tool.name })}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        try {
          const call = { arguments: JSON.parse(args || '{}'), variables: JSON.parse(variables || '{}') };
          setJsonError(null);
          run.mutate({ projectId, tool: tool.id, call });
        } catch {
          setJsonError(t('badJson'));
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextArea label={t('arguments')} hint={t('argumentsHint')} mono dir="ltr" rows={3} value={args} onChange={setArgs} />
        <TextArea label={t('variables')} mono dir="ltr" rows={3} value={variables} onChange={setVariables} />
      </div>
      <Button variant="primary" type="submit" disabled={run.isPending}>
        {run.isPending ? t('running') : t('run')}
      </Button>
      <ErrorLine text={jsonError ?? (run.error ? errorText(run.error) : null)} />
      {outcome && (
        <div role="status" data-testid="tool-test-result" className="space-y-2 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
          <p className={outcome.ok ? 'font-medium text-emerald-800' : 'font-medium text-red-700'}>
            {outcome.ok ? t('ok') : t('failed')}
            {' · '}
            {t('status', { status: outcome.status_code === null ? '—' : String(outcome.status_code) })}
            {' · '}
            {t('duration', { ms: outcome.duration_ms })}
          </p>
          {outcome.error && (
            <p className="text-red-700">
              <code dir="ltr">{outcome.error.code}</code>: <span dir="auto">{outcome.error.detail}</span>
            </p>
          )}
          {outcome.result !== undefined && (
            <div>
              <h4 className="text-xs font-medium text-slate-600">{t('result')}</h4>
              <pre dir="ltr" className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs">
                {JSON.stringify(outcome.result, null, 2)}
              </pre>
            </div>
          )}
          {outcome.raw_excerpt && (
            <details>
              <summary className="cursor-pointer text-xs text-slate-600">{t('raw')}</summary>
              <pre dir="ltr" className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">
                {outcome.raw_excerpt}
              </pre>
            </details>
          )}
        </div>
      )}
    </form>
  );
}
