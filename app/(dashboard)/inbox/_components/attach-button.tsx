'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { endedSession } from '@/app/_lib/session-end';
import { useRef } from 'react';
import { Alert } from '@/app/(dashboard)/_components/kit';

/**
 * Sends a file (image, video, audio or document) to the conversation, with the composer's
 * text as its caption. Attachments are free-form messages, so they need the open window.
 */
export function AttachButton({ contactId, caption, onSent }: { contactId: string; caption: string; onSent: () => void }) {
  const t = useTranslations('inbox.composer');
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set('contactId', contactId);
      form.set('file', file);
      if (caption.trim()) form.set('caption', caption.trim());
      const res = await fetch('/api/inbox/attachments', { method: 'POST', body: form });
      if (endedSession(res)) return;
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? t('notSent'));
    },
    onSuccess: onSent,
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        aria-label={t('attachLabel')}
        data-testid="attach-input"
        accept="image/jpeg,image/png,video/mp4,video/3gpp,audio/*,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        className="text-xs text-slate-600 hover:underline disabled:opacity-50"
      >
        {upload.isPending ? t('uploading') : t('attach')}
      </button>
      {upload.isError && <Alert className="text-xs">{upload.error.message}</Alert>}
    </>
  );
}
