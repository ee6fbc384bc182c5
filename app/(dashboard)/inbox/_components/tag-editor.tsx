'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/app/(dashboard)/_components/kit';

/** Tags as removable chips plus an input; Enter adds. */
export function TagEditor({ tags, disabled, onChange }: { tags: string[]; disabled: boolean; onChange: (tags: string[]) => void }) {
  const t = useTranslations('inbox.tags');
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = draft.trim();
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setDraft('');
  };
  return (
    <div>
      <ul className="flex flex-wrap gap-1" aria-label={t('label')}>
        {tags.map((tag) => (
          <li
            key={tag}
            className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-2 pe-1 text-xs text-slate-700"
          >
            <span className="min-w-0 truncate" title={tag} dir="auto">
              {tag}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
              className="shrink-0 rounded-full px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
              aria-label={t('remove', { tag })}
            >
              ×
            </button>
          </li>
        ))}
        {tags.length === 0 && <li className="text-xs text-slate-600">{t('none')}</li>}
      </ul>
      <form
        className="mt-2 flex gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={50}
          placeholder={t('placeholder')}
          aria-label={t('newTag')}
          dir="auto"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        <Button variant="primary" size="xs" type="submit" disabled={disabled || !draft.trim()}>
          {t('add')}
        </Button>
      </form>
    </div>
  );
}
