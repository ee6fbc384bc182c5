'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { Alert, Button, ListSkeleton } from '@/app/(dashboard)/_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** The organization's webhooks; owners and admins create and change them, everyone else reads. */
export function WebhooksPanel() {
  const errorText = useErrorText();
  const t = useTranslations('webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: () => {
        setCreating(false);
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  const canManage = list.data?.canManage ?? false;

  return (
    <section aria-labelledby="webhooks-heading" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900">
          {t('endpoints')}
        </h2>
        {canManage && !creating && (
          <Button
            variant="primary"

            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            {t('new')}
          </Button>
        )}
      </div>
      {list.data && !canManage && <p className="text-sm text-slate-600">{t('readOnly')}</p>}
      {create.isSuccess && (
        <SecretReveal kind="signingSecret" testId="webhook-secret" secret={create.data.secret} onDone={() => create.reset()} />
      )}
      {creating && (
        <WebhookForm
          submitLabel={t('create')}
          pending={create.isPending}
          error={create.error ? errorText(create.error) : null}
          onSubmit={(values) => create.mutate(values)}
          onCancel={() => setCreating(false)}
        />
      )}
      {list.isPending ? (
        <ListSkeleton label={t('loading')} />
      ) : list.isError ? (
        <Alert className="text-sm">{t('loadFailed')}</Alert>
      ) : list.data.webhooks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {t('empty')}
          {canManage ? ` ${t('emptyManage')}` : ''}
        </p>
      ) : (
        <ul className="space-y-4">
          {list.data.webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}
