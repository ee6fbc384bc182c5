'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { EventName } from '@/server/webhook-events/catalogue';
import { Alert, inputClass, FormActions } from '@/app/(dashboard)/_components/kit';

export interface WebhookFormValues {
  name: string;
  url: string;
  events: EventName[];
  headers: Record<string, string>;
}

interface WebhookFormProps {
  initial?: WebhookFormValues;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
}

const headersToText = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
const textToHeaders = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(':');
        return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );

/** Create and edit: name, URL, the events grouped as in the catalogue, extra headers. */
export function WebhookForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: WebhookFormProps) {
  const t = useTranslations('webhooks');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const catalogue = useQuery(trpc.webhooks.catalogue.queryOptions());
  const [events, setEvents] = useState<Set<EventName>>(new Set(initial?.events ?? []));
  const ids = { name: useId(), url: useId(), headers: useId(), error: useId() };
  const groups = new Map<string, NonNullable<typeof catalogue.data>>();
  for (const entry of catalogue.data ?? []) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({
      name: String(form.get('name')),
      url: String(form.get('url')),
      events: [...events],
      headers: textToHeaders(String(form.get('headers') ?? '')),
    });
  }
  const toggle = (value: EventName, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(value);
      else next.delete(value);
      return next;
    });

  return (
    <form
      onSubmit={submit}
      aria-describedby={error ? ids.error : undefined}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-800">
            {tCommon('name')}
          </label>
          <input id={ids.name} name="name" dir="auto" required maxLength={100} defaultValue={initial?.name} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.url} className="text-sm font-medium text-slate-800">
            {t('form.url')}
          </label>
          <input
            id={ids.url}
            name="url"
            type="url"
            dir="ltr"
            required
            placeholder="https://example.com/hooks/whatsapp"
            defaultValue={initial?.url}
            className={inputClass}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[...groups.entries()].map(([group, entries]) => (
          <fieldset key={group} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">
              {t('form.groupEvents', { group: t.has(`groups.${group}`) ? t(`groups.${group}`) : group })}
            </legend>
            {entries.map((entry) => (
              <label
                key={entry.value}
                className="mt-2 flex items-start gap-2 text-sm text-slate-700"
                title={t.has(`events.${entry.value}.description`) ? t(`events.${entry.value}.description`) : entry.description}
              >
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-brand-600"
                  checked={events.has(entry.value as EventName)}
                  onChange={(e) => toggle(entry.value as EventName, e.target.checked)}
                />
                <span>
                  {t.has(`events.${entry.value}.label`) ? t(`events.${entry.value}.label`) : entry.label}{' '}
                  <code dir="ltr" className="text-xs text-slate-500">
                    {entry.value}
                  </code>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div>
        <label htmlFor={ids.headers} className="text-sm font-medium text-slate-800">
          {t('form.headers')} <span className="font-normal text-slate-500">{t('form.headersHint')}</span>
        </label>
        <textarea
          id={ids.headers}
          name="headers"
          dir="ltr"
          rows={2}
          defaultValue={headersToText(initial?.headers ?? {})}
          className={`${inputClass} font-mono`}
        />
      </div>
      {error && (
        <Alert id={ids.error} className="text-sm">
          {error}
        </Alert>
      )}
      <FormActions submitLabel={submitLabel} pendingLabel={tCommon('saving')} pending={pending} disabled={events.size === 0} onCancel={onCancel}>
        {events.size === 0 && <p className="self-center text-sm text-slate-500">{t('form.pickEvent')}</p>}
      </FormActions>
    </form>
  );
}
