'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button, ConfirmRemoval, ErrorLine, inputClass, ListStates, RowButton, TextField } from '@/app/(dashboard)/_components/kit';
import { TableHead } from '../../_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { ProjectGate, type ProjectView } from './project-gate';

/** The project's provider keys (docs/agent-api.md §1.3): checked live when added, never shown again. */
export function CredentialsPanel() {
  return <ProjectGate section="credentials">{(project) => <Credentials project={project} />}</ProjectGate>;
}

type Provider = 'openai' | 'anthropic' | 'openai_compatible';

function Credentials({ project }: { project: ProjectView }) {
  const t = useTranslations('agents.credentials');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const projectId = project.id;
  const list = useQuery(trpc.agents.credentials.queryOptions({ projectId }));
  const canEdit = project.can['credentials:write'];
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.credentials.queryKey({ projectId }) });
  const recheck = useMutation(trpc.agents.recheckCredential.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.agents.deleteCredential.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        refresh();
      },
    }),
  );
  return (
    <section aria-labelledby="credentials-heading" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="credentials-heading" className="text-lg font-semibold text-slate-900">
          {t('heading')}
        </h2>
        {canEdit && !adding && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        )}
      </div>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {!canEdit && <p className="text-sm text-slate-600">{t('readOnly')}</p>}
      {adding && (
        <CredentialForm
          projectId={projectId}
          onDone={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      <ErrorLine text={recheck.error ? errorText(recheck.error) : null} />
      <ListStates
        pending={list.isPending}
        failed={list.isError}
        empty={list.data?.length === 0}
        texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty') }}
      />
      {list.data && list.data.length > 0 && (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <TableHead
              columns={[t('columns.name'), t('columns.provider'), t('columns.key'), t('columns.status'), t('columns.checked')]}
              actions={canEdit}
            />
            <tbody className="divide-y divide-slate-100">
              {list.data.map((credential) => (
                <tr key={credential.id}>
                  {/* A name may be one long word: it wraps so the status and actions stay in view. */}
                  <td className="max-w-56 min-w-32 px-4 py-3 font-medium [overflow-wrap:anywhere] text-slate-900" dir="auto">
                    {credential.name}
                  </td>
                  <td className="px-4 py-3">{t(`providers.${credential.provider as Provider}`)}</td>
                  <td className="px-4 py-3 font-mono text-xs" dir="ltr">
                    {`••••${credential.key_last4}`}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${credential.status === 'valid' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
                    >
                      {t(credential.status)}
                    </span>
                    {credential.status === 'undecryptable' && <p className="mt-1 max-w-xs text-xs text-slate-600">{t('undecryptableHint')}</p>}
                  </td>
                  <td className="px-4 py-3 text-slate-600">{formatTime(credential.checked_at)}</td>
                  {canEdit && (
                    <td className="px-4 py-3">
                      <span className="flex flex-wrap justify-end gap-2">
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
                          onClick={() => setDeleting(credential)}
                        />
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmRemoval
          title={t('deleteTitle', { name: deleting.name })}
          body={t('deleteBody')}
          confirmLabel={t('delete')}
          removal={remove}
          onConfirm={() => remove.mutate({ projectId, credential: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function CredentialForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useTranslations('agents.credentials');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const [provider, setProvider] = useState<Provider>('openai');
  const [name, setName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const create = useMutation(trpc.agents.createCredential.mutationOptions({ onSuccess: onDone }));
  return (
    <form
      aria-label={t('formTitle')}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({
          projectId,
          credential: { provider, name, api_key: apiKey, ...(provider === 'openai_compatible' ? { base_url: baseUrl } : {}) },
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="credential-provider" className="block text-sm font-medium text-slate-800">
            {t('provider')}
          </label>
          <select id="credential-provider" className={inputClass} value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
            <option value="openai">{t('providers.openai')}</option>
            <option value="anthropic">{t('providers.anthropic')}</option>
            <option value="openai_compatible">{t('providers.openai_compatible')}</option>
          </select>
        </div>
        <TextField label={t('name')} required maxLength={100} dir="auto" value={name} onChange={setName} />
        <TextField
          label={t('apiKey')}
          hint={t('apiKeyHint')}
          type="password"
          autoComplete="off"
          required
          dir="ltr"
          value={apiKey}
          onChange={setApiKey}
        />
        {provider === 'openai_compatible' && (
          <TextField label={t('baseUrl')} hint={t('baseUrlHint')} type="url" required dir="ltr" value={baseUrl} onChange={setBaseUrl} />
        )}
      </div>
      <ErrorLine text={create.error ? errorText(create.error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={create.isPending}>
          {create.isPending ? t('checking') : t('save')}
        </Button>
        <Button onClick={onDone}>{tCommon('cancel')}</Button>
      </div>
    </form>
  );
}
