'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { Check, Panel, ResourcePanel, RowButton } from '@/app/(dashboard)/_components/kit';
import { BuiltinTools } from './builtin-tools';
import type { ProjectResourceSectionProps } from './config-update';
import { ToolForm } from './tool-form';
import type { ToolRow } from './tool-row';
import { ToolTest } from './tool-test';

/** The agent's tools: builtins, and the project's HTTP tools (created, edited and tested here; used by the agent when ticked). */
export function ToolsSection({ projectId, canEdit, config, update }: ProjectResourceSectionProps) {
  const t = useTranslations('agents.builder.tools');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tools = useQuery(trpc.agents.tools.queryOptions({ projectId }));
  const [editing, setEditing] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const remove = useMutation(
    trpc.agents.deleteTool.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.agents.tools.queryKey({ projectId }) }),
    }),
  );
  const setUsed = (tool: ToolRow, on: boolean) =>
    update((c) => ({ ...c, tools: { ...c.tools, http: on ? [...c.tools.http, tool.id] : c.tools.http.filter((x) => x !== tool.id) } }));
  return (
    <Panel id="tools" title={t('title')} intro={t('intro')}>
      <BuiltinTools config={config} update={update} />
      <ResourcePanel
        id="http-tools"
        variant="part"
        title={t('http')}
        list={tools}
        texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty'), create: t('new') }}
        canCreate={canEdit}
        createForm={(close) => <ToolForm projectId={projectId} tool={null} onDone={close} />}
        removal={{
          title: (tool: ToolRow) => t('deleteTitle', { name: tool.name }),
          body: t('deleteBody'),
          confirmLabel: t('delete'),
          mutation: remove,
          remove: (tool, onRemoved) => remove.mutate({ projectId, tool: tool.id }, { onSuccess: onRemoved }),
        }}
      >
        {(list, { askRemove }) => (
          <ul className="divide-y divide-slate-100">
            {list.map((tool) => (
              <li key={tool.id} className="space-y-2 py-3">
                <div className="flex flex-wrap items-center gap-3">
                  <Check
                    label={t('use', { name: tool.name })}
                    checked={config.tools.http.includes(tool.id)}
                    onChange={(on) => setUsed(tool, on)}
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
                      <RowButton label={t('edit')} fullLabel={t('editNamed', { name: tool.name })} onClick={() => setEditing(tool.id)} />
                      <RowButton label={t('delete')} fullLabel={t('deleteNamed', { name: tool.name })} onClick={() => askRemove(tool)} />
                    </span>
                  )}
                </div>
                {editing === tool.id && <ToolForm projectId={projectId} tool={tool} onDone={() => setEditing(null)} />}
                {testing === tool.id && <ToolTest projectId={projectId} tool={tool} />}
              </li>
            ))}
          </ul>
        )}
      </ResourcePanel>
    </Panel>
  );
}
