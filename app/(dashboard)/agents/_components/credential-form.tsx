'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { ErrorLine, inputClass, TextField, FormActions } from '@/app/(dashboard)/_components/kit';

export type Provider = 'openai' | 'anthropic' | 'openai_compatible';

/** A new provider key: checked against the provider live before it is saved. */
export function CredentialForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useTranslations('agents.credentials');
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
      <FormActions submitLabel={t('save')} pendingLabel={t('checking')} pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
