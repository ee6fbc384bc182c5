'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { buttonClass, inputClass, primaryClass } from '../../_components/ui';

/** The team's saved replies: added here, used in the inbox's composer by typing `/` and the shortcut. */
export function SavedRepliesPanel() {
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
      <h2 id="saved-replies-heading" className="text-lg font-semibold text-slate-900">Saved replies</h2>
      <p className="mt-1 text-sm text-slate-600">
        Type <kbd className="font-mono">/</kbd> and a shortcut in the inbox to insert one. <code>{'{{first_name}}'}</code>,{' '}
        <code>{'{{name}}'}</code> and <code>{'{{phone}}'}</code> are filled from the customer; <code>{'{{first_name|there}}'}</code> says
        “there” when the name is unknown.
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          create.mutate(
            { shortcut: String(data.get('shortcut')), body: String(data.get('body')) },
            { onSuccess: () => form.reset() },
          );
        }}
      >
        <div>
          <label htmlFor={shortcutId} className="text-sm font-medium text-slate-800">Shortcut</label>
          <input id={shortcutId} name="shortcut" required maxLength={40} pattern="[A-Za-z0-9][A-Za-z0-9_-]*" placeholder="refund" className={inputClass} />
        </div>
        <div className="min-w-0">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-800">Reply</label>
          <textarea id={bodyId} name="body" required maxLength={4096} rows={2} placeholder="Hi {{first_name|there}}, your refund is on its way." className={inputClass} />
        </div>
        <button type="submit" className={primaryClass} disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add reply'}</button>
      </form>
      {create.isError && <p role="alert" className="mt-2 text-sm text-red-700">{create.error.message}</p>}
      {replies.isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading saved replies…</p>
      ) : replies.data && replies.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Saved replies">
          {replies.data.map((reply) => (
            <li key={reply.id} className="flex items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-semibold text-brand-700">/{reply.shortcut}</p>
                <p className="mt-0.5 text-sm whitespace-pre-wrap wrap-anywhere text-slate-700" dir="auto">{reply.body}</p>
              </div>
              <button
                type="button"
                className={buttonClass}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: reply.id })}
                aria-label={`Delete /${reply.shortcut}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-600">No saved replies yet.</p>
      )}
    </section>
  );
}
