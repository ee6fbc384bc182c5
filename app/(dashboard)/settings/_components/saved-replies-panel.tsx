'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { Alert, Button, inputClass } from '@/app/(dashboard)/_components/kit';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** The team's saved replies: added here, used in the inbox's composer by typing `/` and the shortcut. */
export function SavedRepliesPanel() {
  const errorText = useErrorText();
  const t = useTranslations('settings.savedReplies');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const shortcutId = useId();
  const bodyId = useId();
  const replies = useQuery(trpc.inbox.savedReplies.queryOptions({}));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.inbox.savedReplies.pathKey() });
  const create = useMutation(trpc.inbox.createSavedReply.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.inbox.deleteSavedReply.mutationOptions({ onSuccess: refresh }));

  return (
    <section id="saved-replies" aria-labelledby="saved-replies-heading">
      <h2 id="saved-replies-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t.rich('intro', {
          kbd: (chunks) => <kbd className="font-mono">{chunks}</kbd>,
          first: '{{first_name}}',
          name: '{{name}}',
          phone: '{{phone}}',
          fallback: '{{first_name|there}}',
        })}
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          create.mutate({ shortcut: String(data.get('shortcut')), body: String(data.get('body')) }, { onSuccess: () => form.reset() });
        }}
      >
        <div>
          <label htmlFor={shortcutId} className="text-sm font-medium text-slate-800">
            {t('shortcut')}
          </label>
          <input
            id={shortcutId}
            name="shortcut"
            required
            maxLength={40}
            pattern="[A-Za-z0-9][A-Za-z0-9_-]*"
            placeholder="refund"
            className={inputClass}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-800">
            {t('reply')}
          </label>
          <textarea
            id={bodyId}
            name="body"
            required
            maxLength={4096}
            rows={2}
            placeholder="Hi {{first_name|there}}, your refund is on its way."
            className={inputClass}
          />
        </div>
        <Button variant="primary" type="submit" disabled={create.isPending}>
          {create.isPending ? t('adding') : t('add')}
        </Button>
      </form>
      {create.isError && <Alert className="mt-2 text-sm">{errorText(create.error)}</Alert>}
      {replies.isPending ? (
        <p className="mt-4 text-sm text-slate-600">{t('loading')}</p>
      ) : replies.data && replies.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t('listLabel')}>
          {replies.data.map((reply) => (
            <li key={reply.id} className="flex items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-semibold text-brand-700" dir="ltr">
                  /{reply.shortcut}
                </p>
                <p className="mt-0.5 text-sm whitespace-pre-wrap wrap-anywhere text-slate-700" dir="auto">
                  {reply.body}
                </p>
              </div>
              <Button
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: reply.id })}
                aria-label={t('deleteLabel', { shortcut: reply.shortcut })}
              >
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t('empty')}</p>
      )}
    </section>
  );
}
