'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@/app/(dashboard)/_components/kit';
import { askForResetLink } from './actions';

/** The email to mail a reset link to; after sending, the same neutral answer for every address. */
export function ForgotPasswordForm({ minutes }: { minutes: number }) {
  const t = useTranslations('passwordReset');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const answer = await askForResetLink(email);
      if ('sent' in answer) setSentTo(answer.sent);
      else setError(answer.refusal);
    } catch {
      setError(t('errors.unreachable'));
    }
    setSubmitting(false);
  }

  if (sentTo)
    return (
      <Alert tone="info" look="box" as="div" className="mt-6 text-sm">
        <strong className="block font-semibold">{t('forgot.sentTitle')}</strong>
        {t('forgot.sent', { email: `\u2066${sentTo}\u2069`, minutes })}
      </Alert>
    );

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4" aria-label={t('forgot.title')}>
      {error && (
        <Alert look="box" className="text-sm">
          {error}
        </Alert>
      )}
      <TextField
        label={t('forgot.email')}
        type="email"
        autoComplete="username"
        required
        maxLength={320}
        dir="ltr"
        value={email}
        onChange={setEmail}
      />
      <Button variant="primary" size="block" type="submit" busy={submitting}>
        {submitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
