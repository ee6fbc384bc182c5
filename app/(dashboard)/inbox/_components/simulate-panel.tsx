'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

/** Development and demos: make this conversation's customer write (taps are offered on the messages). */
export function SimulatePanel({ contactId }: { contactId: string }) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.simulate');
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const write = useMutation(trpc.inbox.simulate.mutationOptions({ onSuccess: () => setText('') }));
  return (
    <section aria-labelledby="simulate-heading" className="rounded-lg border border-dashed border-amber-300 bg-amber-50/60 p-3">
      <h3 id="simulate-heading" className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
        {t('heading')}
      </h3>
      <form
        className="mt-2 flex gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) write.mutate({ contactId, action: { kind: 'write', text } });
        }}
      >
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={t('customerMessage')}
          placeholder={t('placeholder')}
          dir="auto"
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-2 py-1 text-sm"
        />
        <Button variant="primary" size="xs" className="shrink-0" type="submit" disabled={!text.trim() || write.isPending}>
          {t('send')}
        </Button>
      </form>
      {write.isError && <Alert className="mt-1 text-xs">{errorText(write.error)}</Alert>}
    </section>
  );
}
