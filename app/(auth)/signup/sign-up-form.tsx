'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/app/(dashboard)/_components/kit';
import { createAccount } from './actions';

/** The sign-up form: creates the account and organization, then signs in with the same email and password. */
export function SignUpForm() {
  const t = useTranslations('signUp');
  const router = useRouter();
  const [account, setAccount] = useState({ name: '', email: '', password: '', organization: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof typeof account) => (value: string) => setAccount((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const refusal = await createAccount(account);
      if (refusal) {
        setError(refusal);
        setSubmitting(false);
        return;
      }
      const signedIn = await signIn('credentials', { email: account.email, password: account.password, redirect: false });
      // The account exists either way; a failed sign-in here only sends them to sign in by hand.
      router.replace(signedIn?.ok && !signedIn.error ? '/' : '/signin');
      router.refresh();
    } catch {
      setError(t('errors.unreachable'));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" aria-label={t('title')}>
      {error && (
        <Alert look="box" className="text-sm">
          {error}
        </Alert>
      )}
      <TextField label={t('name')} autoComplete="name" required maxLength={100} dir="auto" value={account.name} onChange={set('name')} />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="username"
        required
        maxLength={320}
        dir="ltr"
        value={account.email}
        onChange={set('email')}
      />
      <TextField
        label={t('password')}
        hint={t('passwordHint')}
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        value={account.password}
        onChange={set('password')}
      />
      <TextField
        label={t('organization')}
        hint={t('organizationHint')}
        autoComplete="organization"
        required
        maxLength={100}
        dir="auto"
        value={account.organization}
        onChange={set('organization')}
      />
      <Button variant="primary" size="block" type="submit" busy={submitting}>
        {submitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
