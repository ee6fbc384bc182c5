import { useTranslations } from 'next-intl';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';
import { useInboxFormat } from './format';

/** Inline media through the dashboard's authenticated media route. */
export function MessageMedia({ message }: { message: InboxMessage }) {
  const t = useTranslations('inbox.messages');
  const format = useInboxFormat();
  if (!message.media) {
    return message.type !== 'text' && message.type !== 'template' ? (
      <p className="text-xs text-slate-600 italic">{t('loadingMedia', { type: message.type })}</p>
    ) : null;
  }
  const src = `/api/media/${message.id}`;
  const label = message.media.filename ?? t('attachment', { type: message.type });
  if (message.type === 'image') {
    // A plain <img>, not next/image: the bytes come from our own authenticated route.
    return <img src={src} alt={message.content || label} loading="lazy" className="max-h-72 max-w-full rounded-lg object-contain" />;
  }
  if (message.type === 'video') return <video src={src} controls preload="metadata" className="max-h-72 max-w-full rounded-lg" />;
  if (message.type === 'audio') return <audio src={src} controls preload="metadata" className="w-64 max-w-full" />;
  return (
    <a
      href={`${src}?download=1`}
      className="flex max-w-full min-w-0 items-center gap-3 rounded-lg bg-white/70 px-3 py-2 text-sm ring-1 ring-slate-200 hover:bg-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth={1.6}>
        <path d="M7 3h7l5 5v13H7z M14 3v5h5" strokeLinejoin="round" />
      </svg>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900" title={label} dir="auto">
          {label}
        </span>
        <span className="text-xs text-slate-600">{t('download', { size: format.bytes(message.media.size) })}</span>
      </span>
    </a>
  );
}
