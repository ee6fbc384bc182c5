'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { ErrorLine, inputClass, TextArea, TextField, FormActions } from '@/app/(dashboard)/_components/kit';

/** A new knowledge source: text or Markdown written here, or a page read from its URL. */
export function KnowledgeForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useTranslations('agents.builder.knowledge');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [type, setType] = useState<'text' | 'markdown' | 'url'>('text');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const create = useMutation(trpc.agents.createKnowledge.mutationOptions({ onSuccess: onDone }));
  return (
    <form
      aria-label={t('addTitle')}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ projectId, source: type === 'url' ? { name, type, url } : { name, type, content } });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('name')} required value={name} onChange={setName} dir="auto" />
        <div>
          <label htmlFor="knowledge-type" className="block text-sm font-medium text-slate-800">
            {t('type')}
          </label>
          <select id="knowledge-type" className={inputClass} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="text">{t('types.text')}</option>
            <option value="markdown">{t('types.markdown')}</option>
            <option value="url">{t('types.url')}</option>
          </select>
        </div>
      </div>
      {type === 'url' ? (
        <TextField label={t('url')} hint={t('urlHint')} dir="ltr" required value={url} onChange={setUrl} />
      ) : (
        <TextArea label={t('content')} rows={6} value={content} onChange={setContent} />
      )}
      <ErrorLine text={create.error ? errorText(create.error) : null} />
      <FormActions submitLabel={t('save')} pendingLabel={tCommon('saving')} pending={create.isPending} onCancel={onDone} />
    </form>
  );
}
