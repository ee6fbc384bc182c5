'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button, Check, ErrorLine, inputClass, TextArea, TextField, FormActions } from '@/app/(dashboard)/_components/kit';
import type { ToolRow } from './tool-row';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const json = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** Creates or edits an HTTP tool (docs/agent-api.md §1.10); JSON parts are edited as JSON. */
export function ToolForm({ projectId, tool, onDone }: { projectId: string; tool: ToolRow | null; onDone: () => void }) {
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
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
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
          <Button className="mt-2" onClick={onDone}>
            {t('close')}
          </Button>
        </div>
      )}
      <FormActions
        submitLabel={tool ? t('save') : t('create')}
        pendingLabel={tCommon('saving')}
        pending={create.isPending || save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
