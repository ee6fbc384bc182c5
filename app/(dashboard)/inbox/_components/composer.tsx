'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { forwardRef, useId, useState } from 'react';
import { httpStatusOf } from '@/app/_trpc/http-status';
import { useTRPC } from '@/app/_trpc/trpc';
import { AttachButton } from './attach-button';
import { QueuedReplies } from './queued-replies';
import { SavedReplyList } from './saved-reply-list';
import { TemplateComposer } from './template-composer';
import type { TemplateCustomer } from './template-prefill';
import { useSavedReplyPicker } from './use-saved-reply-picker';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

interface ComposerProps {
  contactId: string;
  customer: TemplateCustomer;
  accountId: string | null;
  windowOpen: boolean;
  /** A website visitor: text alone (no templates or files, which are WhatsApp's). */
  textOnly?: boolean;
}

/** Free text inside the 24-hour window (Enter sends, Shift+Enter breaks the line); a template outside it. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { contactId, customer, accountId, windowOpen, textOnly },
  ref,
) {
  const errorText = useErrorText();
  const t = useTranslations('inbox.composer');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [wantsTemplate, setWantsTemplate] = useState(false);
  const [sent, setSent] = useState(0);
  const picker = useSavedReplyPicker(contactId, text, setText);
  const listId = useId();
  const reply = useMutation(
    trpc.inbox.reply.mutationOptions({
      // Each reply carries its own key, so sending it again (after a lost answer, or once the
      // browser is back online: React Query holds mutations while offline) is one message.
      retry: (failures, error) => httpStatusOf(error) === undefined && failures < 5,
      onSuccess: (_message, variables) => {
        if (variables.reply.type === 'template') {
          setSent((count) => count + 1);
          setWantsTemplate(false);
        }
      },
      onError: (_error, { reply: refused }) => {
        // Refused (say, the window closed meanwhile): the text comes back to be changed or kept.
        if (refused.type === 'text') setText((current) => current || refused.body);
      },
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.messages.infiniteQueryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ contactId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
      },
    }),
  );
  const templateMode = !windowOpen || wantsTemplate;
  const refreshThread = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.messages.infiniteQueryKey({ contactId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.inbox.conversations.pathKey() });
  };

  const sendText = () => {
    const body = text.trim();
    if (!body) return;
    setText('');
    reply.mutate({ contactId, clientId: crypto.randomUUID(), reply: { type: 'text', body } });
  };

  return (
    <div className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4">
      <QueuedReplies contactId={contactId} />
      {reply.isError && (
        <Alert look="box" className="mb-2 text-sm">
          {errorText(reply.error)}
        </Alert>
      )}
      {templateMode ? (
        <div className="space-y-2">
          {!windowOpen && (
            <p data-testid="window-closed-notice" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('windowClosed')}
            </p>
          )}
          <TemplateComposer
            key={sent}
            contactId={contactId}
            customer={customer}
            accountId={accountId}
            sending={reply.isPending}
            onSend={(template) => reply.mutate({ contactId, clientId: crypto.randomUUID(), reply: { type: 'template', ...template } })}
          />
          {windowOpen && (
            <button type="button" onClick={() => setWantsTemplate(false)} className="text-xs text-slate-600 underline">
              {t('backToText')}
            </button>
          )}
        </div>
      ) : (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            sendText();
          }}
        >
          <label className="sr-only" htmlFor={`composer-${contactId}`}>
            {t('reply')}
          </label>
          <div className="min-w-0 flex-1">
            {picker.open && (
              <SavedReplyList
                id={listId}
                options={picker.options}
                active={picker.active}
                loading={picker.loading}
                onChoose={(i) => void picker.choose(i)}
              />
            )}
            <textarea
              id={`composer-${contactId}`}
              ref={ref}
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-controls={picker.open ? listId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={picker.open && picker.options.length ? `${listId}-${picker.active}` : undefined}
              onKeyDown={(event) => {
                if (picker.onKeyDown(event)) return;
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  sendText();
                }
              }}
              placeholder={t('placeholder')}
              dir="auto"
              className="block min-h-[2.75rem] w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600"
            />
          </div>
          <div className="flex shrink-0 flex-col gap-1">
            <Button variant="primary" size="md" type="submit" disabled={!text.trim()}>
              {t('send')}
            </Button>
            {!textOnly && (
              <>
                <button type="button" onClick={() => setWantsTemplate(true)} className="text-xs text-slate-600 hover:underline">
                  {t('template')}
                </button>
                <AttachButton
                  contactId={contactId}
                  caption={text}
                  onSent={() => {
                    setText('');
                    refreshThread();
                  }}
                />
              </>
            )}
          </div>
        </form>
      )}
    </div>
  );
});
