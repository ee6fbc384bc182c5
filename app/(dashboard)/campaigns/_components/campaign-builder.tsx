'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '@/app/_trpc/trpc';
import type { CheckedRecipients } from './parse-recipients';
import { RecipientsStep } from './recipients-step';

const steps = ['Template', 'Recipients', 'Sending', 'Review'] as const;

/** The campaign builder: template, recipients, send mode and time, review, then create + add + start. */
export function CampaignBuilder() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const data = useQuery(trpc.campaigns.builderData.queryOptions());
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [checked, setChecked] = useState<CheckedRecipients>({ valid: [], invalid: [], duplicates: 0 });
  const [sendMode, setSendMode] = useState<'spread' | 'today_only'>('spread');
  const [when, setWhen] = useState('');
  const template = data.data?.templates.find((t) => t.id === templateId);
  const account = data.data?.accounts.find((a) => a.id === template?.accountId);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const launch = useMutation({
    mutationFn: async () => {
      const campaign = await client.campaigns.create.mutate({ name, templateId });
      for (let i = 0; i < checked.valid.length; i += 1000) {
        await client.campaigns.addRecipients.mutate({ id: campaign.id, recipients: checked.valid.slice(i, i + 1000) });
      }
      await client.campaigns.start.mutate({ id: campaign.id, sendMode, scheduledAt: when ? new Date(when).toISOString() : undefined });
      return campaign.id;
    },
    onSuccess: (id) => router.push(`/campaigns/${id}`),
  });

  if (data.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (data.isError) return <p role="alert" className="text-sm text-red-700">Couldn’t load accounts and templates.</p>;
  const allowance = account?.remainingToday ?? null;
  const canNext = [name.trim() !== '' && !!template, checked.valid.length > 0, true, true][step];
  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
      <ol className="mb-6 flex gap-4 text-sm">{steps.map((s, i) => <li key={s} className={i === step ? 'font-semibold text-brand-600' : 'text-slate-500'}>{i + 1}. {s}</li>)}</ol>
      {step === 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-4">
            <label className="block text-sm font-medium">Campaign name<input className={field} value={name} onChange={(e) => setName(e.target.value)} /></label>
            <label className="block text-sm font-medium">Template (approved only)
              <select aria-label="Template" className={field} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                <option value="">— choose —</option>
                {data.data.templates.map((t) => <option key={t.id} value={t.id}>{t.name} ({t.language}) · {data.data.accounts.find((a) => a.id === t.accountId)?.name}</option>)}
              </select>
            </label>
          </div>
          {template && (
            <figure aria-label="Preview" className="rounded-lg bg-[#e5ddd5] p-4">
              <div className="max-w-xs rounded-lg rounded-tl-none bg-white p-3 text-sm whitespace-pre-wrap shadow">{template.text}</div>
              <figcaption className="mt-2 text-xs text-slate-600">{template.category.toLowerCase()} · from {account?.name} · variables: {template.variables.map((v) => `{{${v}}}`).join(', ') || 'none'}</figcaption>
            </figure>
          )}
        </div>
      )}
      {step === 1 && template && <RecipientsStep variables={template.variables} onChange={setChecked} />}
      {step === 2 && (
        <div className="space-y-4 text-sm">
          <p>Today {account?.name} can still start conversations with <strong>{allowance === null ? 'unlimited' : allowance}</strong> new people (its business portfolio’s messaging limit, shared by all its numbers, over the last 24 hours). You have {checked.valid.length} recipients.</p>
          <label className="flex gap-2"><input type="radio" name="mode" checked={sendMode === 'spread'} onChange={() => setSendMode('spread')} /> <span><strong>Spread</strong>: send what fits today and carry the rest into the following days. Nobody is dropped.</span></label>
          <label className="flex gap-2"><input type="radio" name="mode" checked={sendMode === 'today_only'} onChange={() => setSendMode('today_only')} /> <span><strong>Today only</strong>: send what fits today and skip the rest{allowance !== null && checked.valid.length > allowance ? ` (about ${checked.valid.length - allowance} would be skipped)` : ''}.</span></label>
          <label className="block font-medium">Start at (your time zone, {zone}; leave empty to start now)<input type="datetime-local" aria-label="Start at" className={field} value={when} onChange={(e) => setWhen(e.target.value)} /></label>
        </div>
      )}
      {step === 3 && (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">Name</dt><dd>{name}</dd>
          <dt className="text-slate-500">Template</dt><dd>{template?.name} from {account?.name}</dd>
          <dt className="text-slate-500">Recipients</dt><dd>{checked.valid.length} ({checked.invalid.length} invalid and {checked.duplicates} duplicates left out)</dd>
          <dt className="text-slate-500">Sending</dt><dd>{sendMode === 'spread' ? 'Spread over days' : 'Today only'}, {when ? `at ${new Date(when).toLocaleString()} (${zone})` : 'now'}</dd>
        </dl>
      )}
      {launch.isError && <p role="alert" className="mt-4 text-sm text-red-700">{launch.error.message}</p>}
      <div className="mt-6 flex justify-between">
        <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)} className="rounded-md px-3 py-2 text-sm text-slate-700 disabled:opacity-40">Back</button>
        {step < 3 ? (
          <button type="button" disabled={!canNext} onClick={() => setStep(step + 1)} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-40">Next</button>
        ) : (
          <button type="button" disabled={launch.isPending} onClick={() => launch.mutate()} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white">{when ? 'Schedule campaign' : 'Start campaign'}</button>
        )}
      </div>
    </div>
  );
}
