'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Check, ErrorLine, TextArea, TextField, FormActions } from '@/app/(dashboard)/_components/kit';

/** A new agent key: a secret key (all permissions or read-only) or a publishable key for the widget's origins. */
export function KeyForm({ projectId, onCreated, onCancel }: { projectId: string; onCreated: (key: string) => void; onCancel: () => void }) {
  const t = useTranslations('agents.keys');
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
      <FormActions submitLabel={t('create')} pending={create.isPending} onCancel={onCancel} />
    </form>
  );
}
