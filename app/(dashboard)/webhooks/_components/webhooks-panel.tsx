'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { ResourcePanel } from '@/app/(dashboard)/_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';

/** The organization's webhooks; owners and admins create and change them, everyone else reads. */
export function WebhooksPanel() {
  const errorText = useErrorText();
  const t = useTranslations('webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: refresh }));
  const canManage = list.data?.canManage ?? false;

  return (
    <ResourcePanel
      id="webhooks"
      title={t('endpoints')}
      readOnlyNote={t('readOnly')}
      list={{ isPending: list.isPending, isError: list.isError, data: list.data?.webhooks }}
      texts={{
        loading: t('loading'),
        failed: t('loadFailed'),
        empty: canManage ? `${t('empty')} ${t('emptyManage')}` : t('empty'),
        create: t('new'),
      }}
      canCreate={canManage}
      createForm={(close) => (
        <WebhookForm
          submitLabel={t('create')}
          pending={create.isPending}
          error={create.error ? errorText(create.error) : null}
          onSubmit={(values) => create.mutate(values, { onSuccess: close })}
          onCancel={() => {
            create.reset();
            close();
          }}
        />
      )}
      notice={
        create.isSuccess && (
          <SecretReveal kind="signingSecret" testId="webhook-secret" secret={create.data.secret} onDone={() => create.reset()} />
        )
      }
      removal={{
        title: (webhook) => t('deleteTitle', { name: webhook.name }),
        body: t('deleteBody'),
        confirmLabel: t('deleteConfirm'),
        mutation: remove,
        remove: (webhook, onRemoved) => remove.mutate({ id: webhook.id }, { onSuccess: onRemoved }),
      }}
    >
      {(webhooks, { askRemove }) => (
        <ul className="space-y-4">
          {webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} canManage={canManage} onDelete={() => askRemove(webhook)} />
          ))}
        </ul>
      )}
    </ResourcePanel>
  );
}
