'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { SIGN_IN_UNAVAILABLE, throttledRetryAfterS } from '@/server/auth/sign-in-errors';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

type Translate = ReturnType<typeof useTranslations<'signIn'>>;

/** The wait as a person would say it: seconds under a minute, else whole minutes rounded up. */
function formatWait(t: Translate, seconds: number): string {
  return seconds < 60 ? t('waitSeconds', { count: seconds }) : t('waitMinutes', { count: Math.ceil(seconds / 60) });
}

/** What to tell the user about a refused sign-in, from the error code NextAuth passed on. */
function refusalMessage(t: Translate, code: string | null | undefined): string {
  if (code === 'CredentialsSignin') return t('wrongCredentials');
  const wait = throttledRetryAfterS(code);
  if (wait !== null) return t('throttled', { wait: formatWait(t, wait) });
  if (code === SIGN_IN_UNAVAILABLE) return t('unavailable');
  return t('failed');
}

export function SignInForm({ callbackPath }: { callbackPath: string }) {
  const t = useTranslations('signIn');
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn('credentials', {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        redirect: false,
      });
      if (!result?.ok || result.error) {
        setError(refusalMessage(t, result?.error));
        setSubmitting(false);
        return;
      }
      router.replace(callbackPath);
      router.refresh();
    } catch {
      setError(t('unreachable'));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4">
      {error && (
        <Alert look="box" className="text-sm">
          {error}
        </Alert>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-800">
          {t('email')}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus className={inputClass} />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          {t('password')}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </div>
      <Button variant="primary" size="block" type="submit" disabled={submitting}>
        {submitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
