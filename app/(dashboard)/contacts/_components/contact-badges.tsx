import { useTranslations } from 'next-intl';

/** A contact's tags and its opted-out and external-only flags, as small badges. */
export function ContactBadges({ contact }: { contact: { tags: string[]; opted_out_marketing: boolean; external_only: boolean } }) {
  const t = useTranslations('contacts.list');
  return (
    <ul role="list" aria-label={t('tags')} className="flex min-w-0 flex-wrap gap-1.5">
      {contact.opted_out_marketing && (
        <li className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300">{t('optedOutBadge')}</li>
      )}
      {contact.external_only && (
        <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300">
          {t('externalOnlyBadge')}
        </li>
      )}
      {contact.tags.map((tag) => (
        <li
          key={tag}
          dir="auto"
          className="max-w-full rounded-full bg-brand-50 px-2 py-0.5 text-xs wrap-anywhere text-brand-700 ring-1 ring-brand-100"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
