'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { DataTable, ResourcePanel, RowButton } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { CredentialForm, type Provider } from './credential-form';
import { ProjectGate, type ProjectView } from './project-gate';

/** The project's provider keys (docs/agent-api.md §1.3): checked live when added, never shown again. */
export function CredentialsPanel() {
  return <ProjectGate section="credentials">{(project) => <Credentials project={project} />}</ProjectGate>;
}

function Credentials({ project }: { project: ProjectView }) {
  const t = useTranslations('agents.credentials');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const projectId = project.id;
  const list = useQuery(trpc.agents.credentials.queryOptions({ projectId }));
  const canEdit = project.can['credentials:write'];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.credentials.queryKey({ projectId }) });
  const recheck = useMutation(trpc.agents.recheckCredential.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.agents.deleteCredential.mutationOptions({ onSuccess: refresh }));
  type Credential = NonNullable<typeof list.data>[number];
  return (
    <ResourcePanel
      id="credentials"
      title={t('heading')}
      intro={t('intro')}
      readOnlyNote={t('readOnly')}
      list={list}
      texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty'), create: t('add') }}
      canCreate={canEdit}
      createForm={(close) => (
        <CredentialForm
          projectId={projectId}
          onDone={() => {
            close();
            refresh();
          }}
        />
      )}
      error={recheck.error ? errorText(recheck.error) : null}
      removal={{
        title: (credential: Credential) => t('deleteTitle', { name: credential.name }),
        body: t('deleteBody'),
        confirmLabel: t('delete'),
        mutation: remove,
        remove: (credential, onRemoved) => remove.mutate({ projectId, credential: credential.id }, { onSuccess: onRemoved }),
      }}
    >
      {(credentials, { askRemove }) => (
        <DataTable
          rows={credentials}
          rowKey={(credential) => credential.id}
          columns={[
            {
              header: t('columns.name'),
              title: true,
              // A name may be one long word: it wraps so the status and actions stay in view.
              className: 'font-medium wrap-anywhere text-slate-900 sm:max-w-56 sm:min-w-32',
              cell: (credential) => <span dir="auto">{credential.name}</span>,
            },
            { header: t('columns.provider'), cell: (credential) => t(`providers.${credential.provider as Provider}`) },
            {
              header: t('columns.key'),
              className: 'font-mono text-xs',
              cell: (credential) => <span dir="ltr">{`••••${credential.key_last4}`}</span>,
            },
            {
              header: t('columns.status'),
              cell: (credential) => (
                <div>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${credential.status === 'valid' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
                  >
                    {t(credential.status)}
                  </span>
                  {credential.status === 'undecryptable' && <p className="mt-1 max-w-xs text-xs text-slate-600">{t('undecryptableHint')}</p>}
                </div>
              ),
            },
            { header: t('columns.checked'), className: 'text-slate-600', cell: (credential) => formatTime(credential.checked_at) },
          ]}
          actions={
            canEdit
              ? (credential) => (
                  <span className="inline-flex flex-wrap justify-end gap-2">
                    {credential.status !== 'undecryptable' && (
                      <RowButton
                        label={t('recheck')}
                        fullLabel={t('recheckNamed', { name: credential.name })}
                        disabled={recheck.isPending}
                        onClick={() => recheck.mutate({ projectId, credential: credential.id })}
                      />
                    )}
                    <RowButton
                      label={t('delete')}
                      fullLabel={t('deleteNamed', { name: credential.name })}
                      onClick={() => askRemove(credential)}
                    />
                  </span>
                )
              : undefined
          }
        />
      )}
    </ResourcePanel>
  );
}
