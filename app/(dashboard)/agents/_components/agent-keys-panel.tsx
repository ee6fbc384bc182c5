'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button, Check, ConfirmRemoval, ErrorLine, ListStates, RowButton, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { TableHead } from '../../_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
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
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.keys.queryKey({ projectId }) });
  const revoke = useMutation(
    trpc.agents.revokeKey.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        refresh();
      },
    }),
  );
  const roll = useMutation(
    trpc.agents.rollKey.mutationOptions({
      onSuccess: (rolled) => {
        setShown(rolled.key);
        refresh();
      },
    }),
  );
  if (!canEdit) return <p className="mt-6 text-sm text-slate-600">{t('noAccess')}</p>;
  return (
    <section aria-labelledby="agent-keys-heading" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agent-keys-heading" className="text-lg font-semibold text-slate-900">
          {t('heading')}
        </h2>
        {!adding && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('new')}
          </Button>
        )}
      </div>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {shown && <SecretReveal kind="apiKey" testId="agent-key-secret" secret={shown} onDone={() => setShown(null)} />}
      {adding && (
        <KeyForm
          projectId={projectId}
          onCreated={(key) => {
            setShown(key);
            setAdding(false);
            refresh();
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <ErrorLine text={roll.error ? errorText(roll.error) : null} />
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
              columns={[t('columns.name'), t('columns.type'), t('columns.key'), t('columns.reach'), t('columns.status'), t('columns.lastUsed')]}
              actions
            />
            <tbody className="divide-y divide-slate-100">
              {list.data.map((key) => (
                <tr key={key.id}>
                  <td className="px-4 py-3 font-medium text-slate-900" dir="auto">
                    {key.name}
                  </td>
                  <td className="px-4 py-3">{t(`types.${key.type}`)}</td>
                  <td className="px-4 py-3 font-mono text-xs" dir="ltr">
                    {`${key.prefix}…`}
                  </td>
                  <td className="px-4 py-3 text-xs" dir="ltr">
                    {key.type === 'publishable'
                      ? key.allowed_origins.join(' · ')
                      : key.permissions === 'all'
                        ? t('allPermissions')
                        : key.scopes.join(' · ')}
                  </td>
                  <td className="px-4 py-3">{t(`status.${key.status}`)}</td>
                  <td className="px-4 py-3 text-slate-600">{formatTime(key.last_used_at)}</td>
                  <td className="px-4 py-3">
                    {key.status === 'active' && (
                      <span className="flex flex-wrap justify-end gap-2">
                        <RowButton
                          label={t('roll')}
                          fullLabel={t('rollNamed', { name: key.name })}
                          disabled={roll.isPending}
                          onClick={() => roll.mutate({ projectId, key: key.id })}
                        />
                        <RowButton label={t('revoke')} fullLabel={t('revokeNamed', { name: key.name })} onClick={() => setRevoking(key)} />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <ConfirmRemoval
          title={t('revokeTitle', { name: revoking.name })}
          body={t('revokeBody')}
          confirmLabel={t('revoke')}
          removal={revoke}
          onConfirm={() => revoke.mutate({ projectId, key: revoking.id })}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}

function KeyForm({ projectId, onCreated, onCancel }: { projectId: string; onCreated: (key: string) => void; onCancel: () => void }) {
  const t = useTranslations('agents.keys');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const [type, setType] = useState<'secret' | 'publishable'>('secret');
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const create = useMutation(trpc.agents.createKey.mutationOptions({ onSuccess: (created) => onCreated(created.key) }));
  return (
    <form
      aria-label={t('formTitle')}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      onSubmit={(event) => {
        event.preventDefault();
        const allowed = origins
          .split(/\s+/)
          .map((o) => o.trim())
          .filter(Boolean);
        create.mutate({
          projectId,
          key:
            type === 'publishable'
              ? { type, name, allowed_origins: allowed }
              : readOnly
                ? { type, name, scopes: ['agents:read', 'tools:read', 'knowledge:read', 'sessions:read', 'runs:read'] }
                : { type, name, permissions: 'all' },
        });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('type')}</legend>
        <div className="mt-2 space-y-2">
          {(['secret', 'publishable'] as const).map((value) => (
            <div key={value} className="flex items-start gap-2">
              <input
                id={`key-type-${value}`}
                type="radio"
                name="key-type"
                className="mt-0.5 size-4"
                checked={type === value}
                onChange={() => setType(value)}
                aria-describedby={`key-type-${value}-hint`}
              />
              <div>
                <label htmlFor={`key-type-${value}`} className="text-sm text-slate-800">
                  {t(`types.${value}`)}
                </label>
                <p id={`key-type-${value}-hint`} className="text-xs text-slate-600">
                  {t(`typeHints.${value}`)}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <TextField label={t('name')} required maxLength={100} dir="auto" value={name} onChange={setName} />
      {type === 'publishable' ? (
        <TextArea label={t('origins')} hint={t('originsHint')} dir="ltr" mono value={origins} onChange={setOrigins} />
      ) : (
        <Check label={t('readOnlyKey')} hint={t('readOnlyKeyHint')} checked={readOnly} onChange={setReadOnly} />
      )}
      <ErrorLine text={create.error ? errorText(create.error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={create.isPending}>
          {create.isPending ? tCommon('working') : t('create')}
        </Button>
        <Button onClick={onCancel}>{tCommon('cancel')}</Button>
      </div>
    </form>
  );
}
