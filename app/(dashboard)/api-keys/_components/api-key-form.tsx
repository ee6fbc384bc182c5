'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { apiKeyInput, DEFAULT_RATE_LIMIT_PER_MIN, type ApiKeyInput } from '@/server/api-keys/api-key-input';
import type { ApiScope } from '@/server/api-keys/scopes';
import { Alert, inputClass, FormActions } from '@/app/(dashboard)/_components/kit';
import { scopeGroups } from './scope-groups';

interface ApiKeyFormProps {
  pending: boolean;
  error: string | null;
  onSubmit: (values: ApiKeyInput) => void;
  onCancel: () => void;
}

const groups = scopeGroups();

/** New key: name, scopes by area, optional expiry date, allowed addresses and a per-minute limit. */
export function ApiKeyForm({ pending, error, onSubmit, onCancel }: ApiKeyFormProps) {
  const t = useTranslations('apiKeys');
  const tCommon = useTranslations('common');
  const [scopes, setScopes] = useState<Set<ApiScope>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { name: useId(), expires: useId(), cidrs: useId(), limit: useId(), error: useId() };
  const shown = problem ?? error;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expiresOn = String(form.get('expiresOn') ?? '');
    // The same schema the server applies, so mistakes are named here rather than after a round trip.
    const parsed = apiKeyInput.safeParse({
      name: String(form.get('name')),
      scopes: [...scopes],
      // A key is usable through the whole of its expiry day (UTC).
      expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59.999Z`) : null,
      allowedCidrs: String(form.get('cidrs') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean),
      rateLimitPerMin: Number(form.get('limit')),
    });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? t('form.checkForm')));
    if (parsed.success) onSubmit(parsed.data);
  }
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={shown ? ids.error : undefined}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-800">
            {tCommon('name')}
          </label>
          <input id={ids.name} name="name" dir="auto" required maxLength={100} placeholder={t('form.namePlaceholder')} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.expires} className="text-sm font-medium text-slate-800">
            {t('form.expiresOn')} <span className="font-normal text-slate-500">{tCommon('optional')}</span>
          </label>
          <input id={ids.expires} name="expiresOn" type="date" className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.limit} className="text-sm font-medium text-slate-800">
            {t('form.perMinute')}
          </label>
          <input id={ids.limit} name="limit" type="number" min={1} required defaultValue={DEFAULT_RATE_LIMIT_PER_MIN} className={inputClass} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {groups.map(({ area, scopes: areaScopes }) => (
          <fieldset key={area} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">{t.has(`areas.${area}`) ? t(`areas.${area}`) : area}</legend>
            {areaScopes.map((scope) => (
              <label key={scope} className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={scopes.has(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                <code dir="ltr" className="text-xs">
                  {scope}
                </code>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div>
        <label htmlFor={ids.cidrs} className="text-sm font-medium text-slate-800">
          {t('form.allowed')} <span className="font-normal text-slate-500">{t('form.allowedHint')}</span>
        </label>
        <textarea id={ids.cidrs} name="cidrs" dir="ltr" rows={2} placeholder="203.0.113.0/24" className={`${inputClass} font-mono`} />
      </div>
      {shown && (
        <Alert id={ids.error} className="text-sm">
          {shown}
        </Alert>
      )}
      <FormActions
        submitLabel={t('form.create')}
        pendingLabel={t('form.creating')}
        pending={pending}
        disabled={scopes.size === 0}
        onCancel={onCancel}
      >
        {scopes.size === 0 && <p className="self-center text-sm text-slate-500">{t('form.pickScope')}</p>}
      </FormActions>
    </form>
  );
}
