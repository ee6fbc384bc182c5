'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { ReplyTemplate } from '@/server/inbox/list-reply-templates';
import { TemplateLimitNotice } from './template-limit-notice';
import { prefillVariables, type TemplateCustomer } from './template-prefill';
import { Alert, Button } from '@/app/(dashboard)/_components/kit';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => values[name] || whole);

interface TemplateComposerProps {
  contactId: string;
  customer: TemplateCustomer;
  accountId: string | null;
  sending: boolean;
  onSend: (reply: { templateId: string; parameters: Record<string, string>; headerParameters: Record<string, string> }) => void;
}

/** Outside the window: pick an approved template, fill its variables, see the message as it will arrive. */
export function TemplateComposer({ contactId, customer, accountId, sending, onSend }: TemplateComposerProps) {
  const t = useTranslations('inbox.template');
  const trpc = useTRPC();
  const templates = useQuery(trpc.inbox.templates.queryOptions({ accountId }));
  const [templateId, setTemplateId] = useState('');
  const [body, setBody] = useState<Record<string, string>>({});
  const [header, setHeader] = useState<Record<string, string>>({});
  const pickerId = useId();

  if (templates.isPending) return <p className="text-sm text-slate-600">{t('loading')}</p>;
  if (templates.isError) return <Alert className="text-sm">{t('loadFailed')}</Alert>;
  if (templates.data.length === 0) {
    return <p className="text-sm text-slate-600">{t('none')}</p>;
  }
  const template: ReplyTemplate | undefined = templates.data.find((candidate) => candidate.id === templateId);
  const headerVars = template?.header?.variables ?? [];
  const complete = !!template && template.body.variables.every((v) => body[v]?.trim()) && headerVars.every((v) => header[v]?.trim());

  // Variables named after what the customer record holds start filled in; the agent can change them.
  const pick = (id: string) => {
    const picked = templates.data.find((t) => t.id === id);
    setTemplateId(id);
    setBody(picked ? prefillVariables(picked.body.variables, customer) : {});
    setHeader(picked ? prefillVariables(picked.header?.variables ?? [], customer) : {});
  };
  const input = (scope: 'header' | 'body', name: string) => {
    const values = scope === 'body' ? body : header;
    const set = scope === 'body' ? setBody : setHeader;
    return (
      <label key={`${scope}-${name}`} className="block text-xs font-medium text-slate-700">
        {scope === 'header' ? t('headerVariable', { name: `{{${name}}}` }) : `{{${name}}}`}
        <input
          value={values[name] ?? ''}
          onChange={(event) => set({ ...values, [name]: event.target.value })}
          dir="auto"
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      </label>
    );
  };

  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (template && complete) onSend({ templateId: template.id, parameters: body, headerParameters: header });
      }}
    >
      <TemplateLimitNotice contactId={contactId} />
      <div className="min-w-0 space-y-2">
        <label htmlFor={pickerId} className="block text-xs font-medium text-slate-700">
          {t('label')}
        </label>
        <select
          id={pickerId}
          value={templateId}
          onChange={(event) => pick(event.target.value)}
          className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
          <option value="">{t('choose')}</option>
          {templates.data.map((option) => (
            <option key={option.id} value={option.id}>
              {t('option', { name: option.name, language: option.language, category: option.category.toLowerCase() })}
            </option>
          ))}
        </select>
        {headerVars.map((name) => input('header', name))}
        {template?.body.variables.map((name) => input('body', name))}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-xs font-medium text-slate-700">{t('preview')}</p>
        <div
          data-testid="template-preview"
          className="flex-1 rounded-xl bg-brand-50 p-3 text-sm whitespace-pre-wrap wrap-anywhere text-slate-900 ring-1 ring-brand-100"
        >
          {template ? (
            <>
              {template.header?.text && (
                <p className="font-semibold" dir="auto">
                  {fill(template.header.text, header)}
                </p>
              )}
              <p dir="auto">{fill(template.body.text, body)}</p>
              {template.buttons.map((button) => (
                <p key={button.index} dir="auto" className="mt-1 rounded-md bg-white px-2 py-1 text-center text-sky-700">
                  {button.text}
                </p>
              ))}
            </>
          ) : (
            <span className="text-slate-600">{t('pickToPreview')}</span>
          )}
        </div>
        <Button variant="primary" type="submit" disabled={!complete || sending}>
          {sending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
