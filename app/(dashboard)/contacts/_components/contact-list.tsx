'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import Papa from 'papaparse';
import { useDeferredValue, useId, useState } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_trpc/trpc';
import { Alert, Button, buttonClasses, inputClass, ListStates } from '@/app/(dashboard)/_components/kit';
import { ContactBadges } from './contact-badges';
import { isolateText } from '@/server/i18n/bidi-text';
import { Bidi } from '@/app/_components/bidi';

type OptedOut = '' | 'yes' | 'no';

/** The organization's contacts with search, tag and opt-out filters, paged by cursor; the current filter exports as CSV. */
export function ContactList() {
  const t = useTranslations('contacts');
  const format = useFormatter();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [optedOut, setOptedOut] = useState<OptedOut>('');
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const filter = {
    search: useDeferredValue(search).trim() || undefined,
    tag: tag || undefined,
    optedOut: optedOut === '' ? undefined : optedOut === 'yes',
  };
  const list = useInfiniteQuery(
    trpc.contacts.list.infiniteQueryOptions({ ...filter, limit: 50 }, { getNextPageParam: (page) => page.next_cursor }),
  );
  const tags = useQuery(trpc.contacts.tags.queryOptions());
  const contacts = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = !!(filter.search || filter.tag || filter.optedOut !== undefined);

  const exportCsv = async () => {
    setExporting('busy');
    try {
      const rows: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await client.contacts.list.query({ ...filter, limit: 200, cursor });
        rows.push(
          ...page.data.map((c) => [
            c.phone_number,
            c.name ?? '',
            c.tags.join('; '),
            String(c.opted_out_marketing),
            String(c.external_only),
            c.created_at,
          ]),
        );
        cursor = page.next_cursor;
      } while (cursor);
      // The header row of an import: a file exported here imports back as it is.
      const csv = Papa.unparse({ fields: ['phone', 'name', 'tags', 'opted_out_marketing', 'external_only', 'created_at'], data: rows });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      Object.assign(document.createElement('a'), { href: url, download: 'contacts.csv' }).click();
      // Freed once the browser has had time to start the download (revoked at once, it may not).
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  const ids = useId();
  const select = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs';
  return (
    <div className="mt-6">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <label className="block text-sm font-medium text-slate-800">
          {t('list.search')}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('list.searchPlaceholder')}
            dir="auto"
            className={inputClass}
          />
        </label>
        <div>
          <label htmlFor={`${ids}-tag`} className="block text-sm font-medium text-slate-800">
            {t('list.tag')}
          </label>
          <select id={`${ids}-tag`} value={tag} onChange={(e) => setTag(e.target.value)} className={select}>
            <option value="">{t('list.allTags')}</option>
            {tags.data?.map((name) => (
              <option key={name} value={name}>
                {isolateText(name)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-opted-out`} className="block text-sm font-medium text-slate-800">
            {t('list.optedOut')}
          </label>
          <select id={`${ids}-opted-out`} value={optedOut} onChange={(e) => setOptedOut(e.target.value as OptedOut)} className={select}>
            <option value="">{t('list.optedOutAll')}</option>
            <option value="yes">{t('list.optedOutOnly')}</option>
            <option value="no">{t('list.optedInOnly')}</option>
          </select>
        </div>
        <Button className="py-2" onClick={exportCsv} busy={exporting === 'busy'}>
          {exporting === 'busy' ? t('exporting') : t('export')}
        </Button>
      </div>
      {exporting === 'failed' && <Alert className="mt-2 text-sm">{t('exportFailed')}</Alert>}

      <ListStates
        pending={list.isPending}
        failed={list.isError}
        empty={list.isSuccess && contacts.length === 0}
        texts={{ loading: t('list.loading'), failed: t('list.loadFailed'), empty: filtered ? t('list.noMatch') : t('list.empty') }}
        emptyAction={
          !filtered && (
            <Link href="/contacts/import" className={buttonClasses({ variant: 'primary' })}>
              {t('list.emptyAction')}
            </Link>
          )
        }
      />
      {contacts.length > 0 && (
        <>
          <ul role="list" aria-label={t('title')} className="mt-4 divide-y divide-slate-100 rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
            {contacts.map((c) => (
              <li key={c.id} data-testid="contact" className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-4 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <Link href={`/contacts/${c.id}`} className="font-medium wrap-anywhere text-brand-700 hover:underline">
                    {c.name ? <Bidi text={c.name} /> : <span className="text-slate-600 italic">{t('list.unnamed')}</span>}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <bdi dir="ltr" className="font-mono">
                      {c.phone_number}
                    </bdi>
                  </p>
                </div>
                <div className="min-w-0 flex-1 basis-48">
                  <ContactBadges contact={c} />
                </div>
                <p className="text-xs text-slate-600">{format.dateTime(new Date(c.created_at), { dateStyle: 'medium' })}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
            <p aria-live="polite">{t('list.shown', { count: contacts.length })}</p>
            {list.hasNextPage && (
              <Button onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? t('list.loadingMore') : t('list.more')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
