'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/app/(dashboard)/_components/kit';

interface SecretRevealProps {
  /** What the secret is; each kind has its own sentences in the `shell.secret` messages. */
  kind: 'signingSecret' | 'apiKey' | 'inviteLink';
  secret: string;
  testId: string;
  onDone: () => void;
}

/** A secret shown once, with a copy button; it cannot be read again later. */
export function SecretReveal({ kind, secret, testId, onDone }: SecretRevealProps) {
  const t = useTranslations('shell.secret');
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{t('copyNow', { kind })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid={testId}
          dir="ltr"
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200"
        >
          {secret}
        </code>
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('copied') : t('copy', { kind })}
        </Button>
        <Button onClick={onDone}>{t('stored')}</Button>
      </div>
    </div>
  );
}
