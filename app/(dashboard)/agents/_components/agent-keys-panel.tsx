'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { DataTable, ResourcePanel, RowButton } from '@/app/(dashboard)/_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { useFormatTime } from '../../_components/use-format-time';
import { KeyForm } from './agent-key-form';
import { ProjectGate, type ProjectView } from './project-gate';

/** The project's agent API keys (docs/agent-api.md §1.2): secret keys for servers, publishable keys for the widget's origins. */
export function AgentKeysPanel() {
  return <ProjectGate section="keys">{(project) => <Keys project={project} />}</ProjectGate>;
}

function Keys({ project }: { project: ProjectView }) {
  const t = useTranslations('agents.keys');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const projectId = project.id;
  const canEdit = project.can['keys:write'];
  const list = useQuery({ ...trpc.agents.keys.queryOptions({ projectId }), enabled: canEdit });
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.keys.queryKey({ projectId }) });
  const revoke = useMutation(trpc.agents.revokeKey.mutationOptions({ onSuccess: refresh }));
  const roll = useMutation(
    trpc.agents.rollKey.mutationOptions({
      onSuccess: (rolled) => {
        setShown(rolled.key);
        refresh();
      },
    }),
  );
  if (!canEdit) return <p className="mt-6 text-sm text-slate-600">{t('noAccess')}</p>;
  type Key = NonNullable<typeof list.data>[number];
  return (
    <ResourcePanel
      id="agent-keys"
      title={t('heading')}
      intro={t('intro')}
      list={list}
      texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty'), create: t('new') }}
      canCreate
      createForm={(close) => (
        <KeyForm
          projectId={projectId}
          onCreated={(key) => {
            setShown(key);
            close();
            refresh();
          }}
          onCancel={close}
        />
      )}
      notice={shown && <SecretReveal kind="apiKey" testId="agent-key-secret" secret={shown} onDone={() => setShown(null)} />}
      error={roll.error ? errorText(roll.error) : null}
      removal={{
        title: (key: Key) => t('revokeTitle', { name: key.name }),
        body: t('revokeBody'),
        confirmLabel: t('revoke'),
        mutation: revoke,
        remove: (key, onRemoved) => revoke.mutate({ projectId, key: key.id }, { onSuccess: onRemoved }),
      }}
    >
      {(keys, { askRemove }) => (
        <DataTable
          rows={keys}
          rowKey={(key) => key.id}
          columns={[
            {
              header: t('columns.name'),
              title: true,
              className: 'font-medium text-slate-900',
              cell: (key) => <span dir="auto">{key.name}</span>,
            },
            { header: t('columns.type'), cell: (key) => t(`types.${key.type}`) },
            { header: t('columns.key'), className: 'font-mono text-xs', cell: (key) => <span dir="ltr">{`${key.prefix}…`}</span> },
            {
              header: t('columns.reach'),
              className: 'text-xs',
              cell: (key) => (
                <bdi dir="ltr">
                  {key.type === 'publishable'
                    ? key.allowed_origins.join(' · ')
                    : key.permissions === 'all'
                      ? t('allPermissions')
                      : key.scopes.join(' · ')}
                </bdi>
              ),
            },
            { header: t('columns.status'), cell: (key) => t(`status.${key.status}`) },
            { header: t('columns.lastUsed'), className: 'text-slate-600', cell: (key) => formatTime(key.last_used_at) },
          ]}
          actions={(key) =>
            key.status === 'active' && (
              <span className="inline-flex flex-wrap justify-end gap-2">
                <RowButton
                  label={t('roll')}
                  fullLabel={t('rollNamed', { name: key.name })}
                  disabled={roll.isPending}
                  onClick={() => roll.mutate({ projectId, key: key.id })}
                />
                <RowButton label={t('revoke')} fullLabel={t('revokeNamed', { name: key.name })} onClick={() => askRemove(key)} />
              </span>
            )
          }
        />
      )}
    </ResourcePanel>
  );
}
