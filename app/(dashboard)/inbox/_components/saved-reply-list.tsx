'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';

interface SavedReplyListProps {
  id: string;
  options: Array<{ id: string; shortcut: string; body: string }>;
  active: number;
  loading: boolean;
  onChoose: (index: number) => void;
}

/** The saved replies matching what follows `/` in the composer (a listbox the textarea controls). */
export function SavedReplyList({ id, options, active, loading, onChoose }: SavedReplyListProps) {
  const t = useTranslations('inbox.composer');
  if (!loading && options.length === 0) {
    return (
      <p id={id} className="mb-2 rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
        {t.rich('noSavedReply', {
          link: (words) => (
            <Link href="/settings#saved-replies" className="underline">
              {words}
            </Link>
          ),
        })}
      </p>
    );
  }
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('savedReplies')}
      className="mb-2 max-h-48 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-sm"
    >
      {options.map((reply, index) => (
        <li
          key={reply.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          // Mouse down, not click: the textarea keeps focus.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(index);
          }}
          className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
        >
          <span className="font-mono text-xs font-semibold text-brand-700" dir="ltr">
            /{reply.shortcut}
          </span>
          <span className="ms-2 line-clamp-1 wrap-anywhere text-slate-700" dir="auto">
            {reply.body}
          </span>
        </li>
      ))}
    </ul>
  );
}
