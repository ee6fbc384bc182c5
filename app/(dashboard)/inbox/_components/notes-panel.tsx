'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useInboxFormat } from './format';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

/** Private notes: visible to the team only, never sent to the customer. */
export function NotesPanel({ contactId }: { contactId: string }) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.notes');
  const format = useInboxFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notes = useQuery(trpc.inbox.notes.queryOptions({ contactId }));
  const [body, setBody] = useState('');
  const add = useMutation(
    trpc.inbox.addNote.mutationOptions({
      onSuccess: () => {
        setBody('');
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.notes.queryKey({ contactId }) });
      },
    }),
  );
  return (
    <section aria-labelledby="notes-heading">
      <h3 id="notes-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('heading')}
      </h3>
      {notes.isPending ? (
        <p className="mt-2 text-xs text-slate-600">{t('loading')}</p>
      ) : notes.isError ? (
        <Alert className="mt-2 text-xs">{t('loadFailed')}</Alert>
      ) : notes.data.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {notes.data.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 px-2 py-1.5 text-sm text-slate-800 ring-1 ring-amber-100">
              <p className="whitespace-pre-wrap wrap-anywhere" dir="auto">
                {note.body}
              </p>
              <p className="mt-0.5 text-[11px] wrap-anywhere text-slate-600">
                <bdi>{note.author?.name ?? t('formerMember')}</bdi> ·{' '}
                <time dateTime={note.createdAt.toISOString()}>{format.stamp(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-2 space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim()) add.mutate({ contactId, body });
        }}
      >
        <textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={2}
          aria-label={t('newNote')}
          placeholder={t('placeholder')}
          dir="auto"
          className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        {add.isError && <Alert className="text-xs">{errorText(add.error)}</Alert>}
        <Button variant="primary" size="xs" type="submit" disabled={!body.trim() || add.isPending}>
          {t('add')}
        </Button>
      </form>
    </section>
  );
}
