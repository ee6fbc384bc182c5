'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, useState } from 'react';
import { NotFoundState } from '@/app/_components/not-found-state';
import { isNotFound } from '@/app/_trpc/http-status';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, buttonClass, inputClass, useToast } from '@/app/(dashboard)/_components/kit';
import { ContactBadges } from './contact-badges';

interface EditableContact {
  id: string;
  tags: string[];
  opted_out_marketing: boolean;
  external_only: boolean;
}

/** A checkbox with its label and a line saying what it means. */
function CheckField({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <div className="text-sm">
      <label className="flex items-center gap-2 font-medium text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
          className="size-4 shrink-0 rounded border-slate-300 text-brand-600"
        />
        {label}
      </label>
      <p id={hintId} className="ms-6 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

/** Tags (comma separated), marketing opt-out and external-only of one contact. */
function ContactForm({ contact }: { contact: EditableContact }) {
  const t = useTranslations('contacts.detail');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tags, setTags] = useState(contact.tags.join(', '));
  const [optedOut, setOptedOut] = useState(contact.opted_out_marketing);
  const [externalOnly, setExternalOnly] = useState(contact.external_only);
  const toast = useToast();
  const update = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: () => {
        toast(t('saved'));
        return queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
      },
    }),
  );
  return (
    <form
      aria-label={t('edit')}
      className="space-y-4 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        const list = tags
          .split(/[,،]/)
          .map((tag) => tag.trim())
          .filter(Boolean);
        update.mutate({ id: contact.id, tags: list, optedOutMarketing: optedOut, externalOnly });
      }}
    >
      <h2 className="text-lg font-semibold">{t('edit')}</h2>
      <div>
        <label className="block text-sm font-medium text-slate-800">
          {t('tags')}
          <input
            value={tags}
            onChange={(e) => {
              setTags(e.target.value);
              update.reset();
            }}
            dir="auto"
            aria-describedby="tags-hint"
            className={inputClass}
          />
        </label>
        <p id="tags-hint" className="mt-1 text-xs text-slate-600">
          {t('tagsHint')}
        </p>
      </div>
      <CheckField
        label={t('optedOut')}
        hint={t('optedOutHint')}
        checked={optedOut}
        onChange={(value) => {
          setOptedOut(value);
          update.reset();
        }}
      />
      <CheckField
        label={t('externalOnly')}
        hint={t('externalOnlyHint')}
        checked={externalOnly}
        onChange={(value) => {
          setExternalOnly(value);
          update.reset();
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" type="submit" disabled={update.isPending}>
          {t('save')}
        </Button>
        <p aria-live="polite" className="text-sm">
          {update.isError && <span className="text-red-700">{errorText(update.error)}</span>}
        </p>
      </div>
    </form>
  );
}

/** One contact: its details and flags to edit, its conversations and the campaigns it was in, newest first. */
export function ContactDetail({ id }: { id: string }) {
  const t = useTranslations('contacts');
  const tStatus = useTranslations('campaigns.recipients.status');
  const tCommon = useTranslations('common');
  const format = useFormatter();
  const errorText = useErrorText();
  const trpc = useTRPC();
  const history = useQuery(trpc.contacts.history.queryOptions({ id }));
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  if (history.isPending) return <p className="text-sm text-slate-600">{tCommon('loading')}</p>;
  if (history.isError) {
    return isNotFound(history.error) ? (
      <NotFoundState title={t('detail.notFoundTitle')} back={{ href: '/contacts', label: t('detail.back') }}>
        {t('detail.notFoundBody')}
      </NotFoundState>
    ) : (
      <Alert as="div" className="text-sm">
        <p>{t('history.loadFailed')}</p>
        <p>{errorText(history.error)}</p>
      </Alert>
    );
  }
  const { contact, conversations, campaigns } = history.data;
  const section = 'rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200';

  return (
    <div>
      <Link href="/contacts" className="text-sm text-brand-700 hover:underline">
        {t('detail.back')}
      </Link>
      <header className="mt-2 border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-semibold wrap-anywhere">
          {contact.name ? <span dir="auto">{contact.name}</span> : <bdi dir="ltr">{contact.phone_number}</bdi>}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <bdi dir="ltr" className="font-mono">
            {contact.phone_number}
          </bdi>{' '}
          · {t('detail.added', { date: format.dateTime(new Date(contact.created_at), { dateStyle: 'medium' }) })}
        </p>
        <div className="mt-2">
          <ContactBadges contact={contact} />
        </div>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <ContactForm key={contact.id} contact={contact} />
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="conversations-heading" className={section}>
            <h2 id="conversations-heading" className="text-lg font-semibold">
              {t('history.conversations')}
            </h2>
            {conversations.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('history.noConversations')}</p>
            ) : (
              <ul role="list" className="mt-2 divide-y divide-slate-100">
                {conversations.map((c) => (
                  <li key={c.account ?? ''} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <div className="min-w-0">
                      <p>{t('history.messages', { count: c.messages })}</p>
                      {c.last_message_at && (
                        <p className="text-xs text-slate-600">{t('history.lastMessage', { date: date(c.last_message_at) })}</p>
                      )}
                    </div>
                    <Link href={`/inbox/${contact.id}`} className={buttonClass}>
                      <span>
                        {c.account
                          ? t.rich('history.openConversation', { account: c.account, b: (chunks) => <bdi>{chunks}</bdi> })
                          : t('history.openConversationNoAccount')}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="campaigns-heading" className={section}>
            <h2 id="campaigns-heading" className="text-lg font-semibold">
              {t('history.campaigns')}
            </h2>
            {campaigns.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('history.noCampaigns')}</p>
            ) : (
              <ol role="list" aria-label={t('history.campaigns')} className="mt-2 divide-y divide-slate-100">
                {campaigns.map((c) => (
                  <li key={c.campaign_id} data-testid="contact-campaign" className="py-2 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <Link href={`/campaigns/${c.campaign_id}`} dir="auto" className="font-medium wrap-anywhere text-brand-700 hover:underline">
                        {c.campaign_name}
                      </Link>
                      <span className="text-xs text-slate-600">{date(c.campaign_created_at)}</span>
                    </div>
                    <p>
                      <span className="font-medium">{tStatus(c.status)}</span>
                      {c.reason && (
                        <span className="wrap-anywhere text-slate-600">
                          {' · '}
                          <bdi dir="auto">{c.reason}</bdi>
                        </span>
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            )}
            {history.data.more_campaigns && <p className="mt-2 text-xs text-slate-600">{t('history.moreCampaigns')}</p>}
          </section>
        </div>
      </div>
    </div>
  );
}
