import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { config } from '@/server/config';
import { listDevMailbox } from '@/server/mail/dev-mailbox';
import { linksIn } from '@/server/mail/mail-links';

// Mails hold sign-in links: keep them out of Referer headers and search indexes.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('passwordReset.mailbox'))('title'), referrer: 'no-referrer', robots: { index: false } };
}

/** The dev mailbox (server/mail/dev-mailbox.ts): what would have been mailed, for whoever tries the product. Not found in a deployment. */
export default async function DevMailboxPage() {
  await connection();
  if (!config.DEV_MAILBOX) notFound();
  const [mails, t, format] = await Promise.all([listDevMailbox(), getTranslations('passwordReset.mailbox'), getFormatter()]);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      {mails.length === 0 && <p className="mt-6 text-sm text-slate-600">{t('empty')}</p>}
      <ol className="mt-6 space-y-4">
        {mails.map((mail) => (
          <li key={mail.id}>
            <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs" aria-labelledby={`mail-${mail.id}`}>
              <h2 id={`mail-${mail.id}`} className="font-medium" dir="auto">
                {mail.subject}
              </h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
                <dt>{t('to')}</dt>
                <dd dir="ltr" className="wrap-anywhere">
                  {mail.to}
                </dd>
                <dt>{t('sentAt')}</dt>
                <dd>{format.dateTime(new Date(mail.sentAt), { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
              </dl>
              <pre dir="auto" className="mt-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-slate-800">
                {mail.text}
              </pre>
              <h3 className="mt-3 text-sm font-medium">{t('links')}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {linksIn(mail.text).map((link) => (
                  <li key={link}>
                    <a href={link} dir="ltr" className="font-medium wrap-anywhere text-brand-700 hover:underline">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
