'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Alert, Button, buttonClasses, TextField } from '@/app/(dashboard)/_components/kit';
import { chooseNewPassword } from './actions';

/** The new password, twice; once saved, the way to sign in with it. */
export function ResetPasswordForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const t = useTranslations('passwordReset');
  const [choice, setChoice] = useState({ password: '', confirm: '' });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof typeof choice) => (value: string) => setChoice((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const refusal = await chooseNewPassword(token, choice);
      if (refusal) setError(refusal);
      else setDone(true);
    } catch {
      setError(t('errors.unreachable'));
    }
    setSubmitting(false);
  }

  if (done)
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="info" look="box" as="div" className="text-sm">
          <strong className="block font-semibold">{t('reset.doneTitle')}</strong>
          {t('reset.doneBody')}
        </Alert>
        <Link href="/signin" className={buttonClasses({ variant: 'primary', size: 'block' })}>
          {t('reset.signIn')}
        </Link>
      </div>
    );

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" aria-label={t('reset.title')}>
      {error && (
        <Alert look="box" className="text-sm">
          {error}
        </Alert>
      )}
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('reset.password')}
        hint={t('reset.passwordHint')}
        type="password"
        autoComplete="new-password"
        required
        minLength={minLength}
        value={choice.password}
        onChange={set('password')}
      />
      <TextField
        label={t('reset.confirm')}
        type="password"
        autoComplete="new-password"
        required
        value={choice.confirm}
        onChange={set('confirm')}
      />
      <Button variant="primary" size="block" type="submit" busy={submitting}>
        {submitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}
