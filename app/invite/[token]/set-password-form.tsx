'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { choosePassword } from './actions';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('invite');
  const [error, action, pending] = useActionState(choosePassword.bind(null, token), null);
  return (
    <form action={action} className="mt-6 space-y-4">
      {error && (
        <Alert look="box" className="text-sm">
          {error}
        </Alert>
      )}
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          {t('password')}
        </label>
        <input id="password" name="password" type="password" autoComplete="new-password" required minLength={12} className={inputClass} />
        <p className="mt-1 text-xs text-slate-500">{t('passwordHint')}</p>
      </div>
      <div>
        <label htmlFor="confirm" className="block text-sm font-medium text-slate-800">
          {t('confirm')}
        </label>
        <input id="confirm" name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
      </div>
      <Button variant="primary" size="block" type="submit" disabled={pending}>
        {pending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
