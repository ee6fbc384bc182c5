import { useTranslations } from 'next-intl';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';

/** The platform's ticks: a clock while sending, one tick sent, two delivered, two blue read. */
export function StatusTicks({ status }: { status: InboxMessage['status'] }) {
  const t = useTranslations('inbox.messages.ticks');
  const common = {
    'aria-hidden': true,
    viewBox: '0 0 20 12',
    className: 'h-3 w-5',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
  } as const;
  return (
    <span data-testid="status-ticks" data-status={status} title={t(status)} className="inline-flex items-center">
      <span className="sr-only">{t(status)}</span>
      {status === 'pending' && (
        <svg {...common} viewBox="0 0 12 12" className="size-3 text-slate-400">
          <circle cx="6" cy="6" r="4.5" />
          <path d="M6 3.5V6l1.5 1.2" strokeLinecap="round" />
        </svg>
      )}
      {status === 'sent' && (
        <svg {...common} className="h-3 w-5 text-slate-400">
          <path d="m3 6.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {(status === 'delivered' || status === 'read') && (
        <svg {...common} className={`h-3 w-5 ${status === 'read' ? 'text-sky-500' : 'text-slate-400'}`}>
          <path d="m1 6.5 3 3 6-7M8 9.5l6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      {status === 'failed' && (
        <svg {...common} viewBox="0 0 12 12" className="size-3.5 text-red-600">
          <circle cx="6" cy="6" r="5" />
          <path d="M6 3.2v3.3M6 8.6v.1" strokeLinecap="round" />
        </svg>
      )}
    </span>
  );
}
