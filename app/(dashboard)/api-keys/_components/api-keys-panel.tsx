'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Button, DataTable, ResourcePanel } from '@/app/(dashboard)/_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { ApiKeyForm } from './api-key-form';
import { useApiKeyColumns } from './api-key-columns';

/** The organization's API keys; owners and admins issue, switch and revoke them, everyone else reads. */
export function ApiKeysPanel() {
  const errorText = useErrorText();
  const t = useTranslations('apiKeys');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const columns = useApiKeyColumns();
  const list = useQuery(trpc.apiKeys.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: refresh }));
  const setEnabled = useMutation(trpc.apiKeys.setEnabled.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: refresh }));
  const canManage = list.data?.canManage ?? false;

  return (
    <ResourcePanel
      id="keys"
      title={t('keys')}
      readOnlyNote={t('readOnly')}
      list={{ isPending: list.isPending, isError: list.isError, data: list.data?.keys }}
      texts={{
        loading: t('loading'),
        failed: t('loadFailed'),
        empty: canManage ? `${t('empty')} ${t('emptyManage')}` : t('empty'),
        create: t('new'),
      }}
      canCreate={canManage}
      createForm={(close) => (
        <ApiKeyForm
          pending={create.isPending}
          error={create.error ? errorText(create.error) : null}
          onSubmit={(values) => create.mutate(values, { onSuccess: close })}
          onCancel={() => {
            create.reset();
            close();
          }}
        />
      )}
      notice={create.isSuccess && <SecretReveal kind="apiKey" testId="api-key-secret" secret={create.data.key} onDone={() => create.reset()} />}
      error={setEnabled.error ? errorText(setEnabled.error) : null}
      removal={{
        title: (apiKey) => t('revokeTitle', { name: apiKey.name }),
        body: t('revokeBody'),
        confirmLabel: t('revokeConfirm'),
        mutation: revoke,
        remove: (apiKey, onRemoved) => revoke.mutate({ id: apiKey.id }, { onSuccess: onRemoved }),
      }}
    >
      {(keys, { askRemove }) => (
        <DataTable
          columns={columns}
          rows={keys}
          rowKey={(apiKey) => apiKey.id}
          rowLabel={(apiKey) => apiKey.name}
          actions={
            canManage
              ? (apiKey) =>
                  apiKey.status !== 'revoked' && (
                    <span className="inline-flex flex-wrap justify-end gap-2">
                      <Button
                        className="whitespace-nowrap"
                        disabled={setEnabled.isPending && setEnabled.variables.id === apiKey.id}
                        onClick={() => setEnabled.mutate({ id: apiKey.id, enabled: apiKey.disabledAt !== null })}
                      >
                        {apiKey.disabledAt ? t('switchOn') : t('switchOff')}
                      </Button>
                      <Button className="text-red-700" onClick={() => askRemove(apiKey)}>
                        {t('revoke')}
                      </Button>
                    </span>
                  )
              : undefined
          }
        />
      )}
    </ResourcePanel>
  );
}
