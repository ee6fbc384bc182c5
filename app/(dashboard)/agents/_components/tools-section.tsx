'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import {
  Button,
  buttonClass,
  Check,
  ConfirmRemoval,
  ErrorLine,
  inputClass,
  Panel,
  RowButton,
  TextArea,
  TextField,
} from '@/app/(dashboard)/_components/kit';
import { BuiltinTools, type ConfigUpdate } from './config-sections';

interface ToolRow {
  id: string;
  name: string;
  description: string;
  parameters: unknown;
  requires_verified_customer: boolean;
  http: unknown;
  response: unknown;
  timeout_ms: number;
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The agent's tools: builtins, and the project's HTTP tools (created, edited and tested here; used by the agent when ticked). */
export function ToolsSection({
  projectId,
  canEdit,
  config,
  update,
}: {
  projectId: string;
  canEdit: boolean;
  config: AgentConfig;
  update: ConfigUpdate;
}) {
  const t = useTranslations('agents.builder.tools');
  const trpc = useTRPC();
  const tools = useQuery(trpc.agents.tools.queryOptions({ projectId }));
  const [editing, setEditing] = useState<ToolRow | 'new' | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ToolRow | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.agents.deleteTool.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.agents.tools.queryKey({ projectId }) });
      },
    }),
  );
  return (
    <Panel id="tools" title={t('title')} intro={t('intro')}>
      <BuiltinTools config={config} update={update} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-medium text-slate-800">{t('http')}</h3>
          {canEdit && editing === null && <Button onClick={() => setEditing('new')}>{t('new')}</Button>}
        </div>
        {editing !== null && <ToolForm projectId={projectId} tool={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        {tools.isError && <ErrorLine text={t('loadFailed')} />}
        {tools.data?.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('empty')}</p>}
        <ul className="mt-2 divide-y divide-slate-100">
          {tools.data?.map((tool) => (
            <li key={tool.id} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center gap-3">
                <Check
                  label={t('use', { name: tool.name })}
                  checked={config.tools.http.includes(tool.id)}
                  onChange={(on) =>
                    update((c) => ({
                      ...c,
                      tools: { ...c.tools, http: on ? [...c.tools.http, tool.id] : c.tools.http.filter((x) => x !== tool.id) },
                    }))
                  }
                />
                <code dir="ltr" className="min-w-0 truncate text-xs text-slate-600">
                  {(tool.http as { method?: string }).method ?? 'GET'} {(tool.http as { url: string }).url}
                </code>
                {canEdit && (
                  <span className="ms-auto flex flex-wrap gap-2">
                    <RowButton
                      label={t('test')}
                      fullLabel={t('testNamed', { name: tool.name })}
                      onClick={() => setTesting(testing === tool.id ? null : tool.id)}
                    />
                    <RowButton label={t('edit')} fullLabel={t('editNamed', { name: tool.name })} onClick={() => setEditing(tool)} />
                    <RowButton label={t('delete')} fullLabel={t('deleteNamed', { name: tool.name })} onClick={() => setDeleting(tool)} />
                  </span>
                )}
              </div>
              {testing === tool.id && <ToolTest projectId={projectId} tool={tool} />}
            </li>
          ))}
        </ul>
      </div>
      {deleting && (
        <ConfirmRemoval
          title={t('deleteTitle', { name: deleting.name })}
          body={t('deleteBody')}
          confirmLabel={t('delete')}
          removal={remove}
          onConfirm={() => remove.mutate({ projectId, tool: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Panel>
  );
}

const json = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** Creates or edits an HTTP tool (docs/agent-api.md §1.10); JSON parts are edited as JSON. */
function ToolForm({ projectId, tool, onDone }: { projectId: string; tool: ToolRow | null; onDone: () => void }) {
  const t = useTranslations('agents.builder.tools.form');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const http = (tool?.http ?? {}) as { method?: string; url?: string; headers?: unknown; query?: unknown; body?: unknown };
  const response = (tool?.response ?? {}) as { items_path?: string; fields?: string[]; max_items?: number };
  const [name, setName] = useState(tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [method, setMethod] = useState(http.method ?? 'GET');
  const [url, setUrl] = useState(http.url ?? '');
  const [parameters, setParameters] = useState(json(tool?.parameters ?? { type: 'object', properties: {} }));
  const [headers, setHeaders] = useState(json(http.headers));
  const [body, setBody] = useState(http.body === undefined ? '' : json(http.body));
  const [itemsPath, setItemsPath] = useState(response.items_path ?? '');
  const [fields, setFields] = useState((response.fields ?? []).join(', '));
  const [verified, setVerified] = useState(tool?.requires_verified_customer ?? false);
  const [timeout, setTimeoutMs] = useState(String(tool?.timeout_ms ?? 10000));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const done = (result: { warnings: string[] }) => {
    void queryClient.invalidateQueries({ queryKey: trpc.agents.tools.queryKey({ projectId }) });
    if (result.warnings.length > 0) setWarnings(result.warnings);
    else onDone();
  };
  const create = useMutation(trpc.agents.createTool.mutationOptions({ onSuccess: done }));
  const save = useMutation(trpc.agents.updateTool.mutationOptions({ onSuccess: done }));
  const error = create.error ?? save.error;

  const submit = () => {
    let parsed: { parameters: Record<string, unknown>; headers: Record<string, string>; body?: unknown };
    try {
      parsed = { parameters: JSON.parse(parameters), headers: JSON.parse(headers || '{}'), ...(body.trim() ? { body: JSON.parse(body) } : {}) };
    } catch {
      setJsonError(t('badJson'));
      return;
    }
    setJsonError(null);
    const fieldList = fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const value = {
      name,
      description,
      parameters: parsed.parameters as { type: 'object' },
      requires_verified_customer: verified,
      http: {
        method: method as (typeof methods)[number],
        url,
        headers: parsed.headers,
        ...(parsed.body === undefined ? {} : { body: parsed.body }),
      },
      response: {
        ...(itemsPath ? { items_path: itemsPath } : {}),
        ...(fieldList.length ? { fields: fieldList } : {}),
        max_items: response.max_items ?? 10,
      },
      timeout_ms: Number(timeout),
    };
    if (tool) save.mutate({ projectId, tool: tool.id, patch: value });
    else create.mutate({ projectId, tool: value });
  };

  return (
    <form
      aria-label={tool ? t('editTitle', { name: tool.name }) : t('newTitle')}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('name')} hint={t('nameHint')} dir="ltr" required value={name} onChange={setName} />
        <TextField label={t('description')} value={description} onChange={setDescription} dir="auto" />
        <div>
          <label htmlFor="tool-method" className="block text-sm font-medium text-slate-800">
            {t('method')}
          </label>
          <select id="tool-method" className={inputClass} value={method} onChange={(e) => setMethod(e.target.value)}>
            {methods.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        <TextField label={t('url')} hint={t('urlHint')} dir="ltr" required value={url} onChange={setUrl} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextArea label={t('parameters')} hint={t('parametersHint')} mono dir="ltr" rows={5} value={parameters} onChange={setParameters} />
        <TextArea label={t('headers')} hint={t('headersHint')} mono dir="ltr" rows={5} value={headers} onChange={setHeaders} />
        <TextArea label={t('body')} hint={t('bodyHint')} mono dir="ltr" rows={3} value={body} onChange={setBody} />
        <div className="space-y-3">
          <TextField label={t('itemsPath')} hint={t('itemsPathHint')} dir="ltr" value={itemsPath} onChange={setItemsPath} />
          <TextField label={t('fields')} hint={t('fieldsHint')} dir="ltr" value={fields} onChange={setFields} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <TextField label={t('timeout')} type="number" min={100} max={10000} value={timeout} onChange={setTimeoutMs} />
        <Check label={t('verified')} hint={t('verifiedHint')} checked={verified} onChange={setVerified} />
      </div>
      <ErrorLine text={jsonError ?? (error ? errorText(error) : null)} />
      {warnings.length > 0 && (
        <div role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t('savedWithWarnings', { warnings: warnings.join(', ') })}</p>
          <button type="button" className={`${buttonClass} mt-2`} onClick={onDone}>
            {t('close')}
          </button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={create.isPending || save.isPending}>
          {create.isPending || save.isPending ? tCommon('saving') : tool ? t('save') : t('create')}
        </Button>
        <Button onClick={onDone}>{tCommon('cancel')}</Button>
      </div>
    </form>
  );
}

/** Calls the tool once through the tool test service and shows what came back. */
function ToolTest({ projectId, tool }: { projectId: string; tool: ToolRow }) {
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
