'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, useToast } from '@/app/(dashboard)/_components/kit';
import { isolateText } from '@/server/i18n/bidi-text';

/** Development and demos: a new customer writes to one of the numbers, starting a conversation. */
export function SimulateNewCustomer({ accounts }: { accounts: Array<{ id: string; name: string }> }) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.simulate');
  const trpc = useTRPC();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState(() => t('defaultText'));
  const toast = useToast();
  const start = useMutation(
    trpc.inbox.simulateNew.mutationOptions({
      onSuccess: () => {
        setPhoneNumber('');
        toast(t('sent'));
      },
    }),
  );
  if (accounts.length === 0) return null;
  const field = 'block w-full rounded-md border border-amber-300 bg-white px-2 py-1 text-xs';
  return (
    <details className="border-t border-dashed border-amber-300 bg-amber-50/60 p-3 text-xs">
      <summary className="cursor-pointer font-semibold text-amber-900">{t('newCustomer')}</summary>
      <form
        className="mt-2 space-y-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate({ accountId, phoneNumber, name: name || undefined, text });
        }}
      >
        <select aria-label={t('writesTo')} value={accountId} onChange={(e) => setAccountId(e.target.value)} className={field}>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {isolateText(account.name)}
            </option>
          ))}
        </select>
        <input
          aria-label={t('phone')}
          placeholder="+15550001234"
          dir="ltr"
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
          className={field}
        />
        <input
          aria-label={t('name')}
          placeholder={t('namePlaceholder')}
          dir="auto"
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={field}
        />
        <input aria-label={t('says')} dir="auto" value={text} onChange={(e) => setText(e.target.value)} className={field} />
        {start.isError && <Alert>{errorText(start.error)}</Alert>}
        <Button variant="primary" size="xs" type="submit" disabled={start.isPending || !phoneNumber || !text}>
          {t('submit')}
        </Button>
      </form>
    </details>
  );
}
