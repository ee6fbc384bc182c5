'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { Alert, Button, ListSkeleton } from '@/app/(dashboard)/_components/kit';
import { TableHead } from '../../_components/kit';
import { SecretReveal } from '../../_components/secret-reveal';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyRow } from './api-key-row';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** The organization's API keys; owners and admins issue, switch and revoke them, everyone else reads. */
export function ApiKeysPanel() {
  const errorText = useErrorText();
  const t = useTranslations('apiKeys');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.apiKeys.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => {
        setCreating(false);
        void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );
  const canManage = list.data?.canManage ?? false;

  return (
    <section aria-labelledby="keys-heading" className="mt-8 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="keys-heading" className="text-lg font-semibold text-slate-900">
          {t('keys')}
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
      {create.isSuccess && <SecretReveal kind="apiKey" testId="api-key-secret" secret={create.data.key} onDone={() => create.reset()} />}
      {creating && (
        <ApiKeyForm
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
      ) : list.data.keys.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {t('empty')}
          {canManage ? ` ${t('emptyManage')}` : ''}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <TableHead
              columns={[tCommon('name'), t('columns.key'), t('columns.scopes'), t('columns.lastUsed'), tCommon('status')]}
              actions={canManage}
            />
            <tbody className="divide-y divide-slate-100">
              {list.data.keys.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} canManage={canManage} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
