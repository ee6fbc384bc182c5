'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { percent, statusTone } from './format';

const filters = ['', 'draft', 'scheduled', 'processing', 'paused', 'completed', 'failed'] as const;

/** Campaigns with their status and delivery and read rates. */
export function CampaignList() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<(typeof filters)[number]>('');
  const list = useQuery({ ...trpc.campaigns.list.queryOptions({ status: status || undefined }), refetchInterval: 5_000 });
  return (
    <div className="mt-6">
      <div role="tablist" aria-label="Status" className="flex gap-2 text-sm">
        {filters.map((f) => <button key={f} role="tab" aria-selected={status === f} onClick={() => setStatus(f)} className={`rounded-full px-3 py-1 ${status === f ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-200'}`}>{f || 'all'}</button>)}
      </div>
      {list.data?.data.length === 0 && <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No campaigns here yet.</p>}
      {!!list.data?.data.length && (
        <table className="mt-4 min-w-full divide-y divide-slate-200 rounded-xl bg-white text-sm shadow-xs">
          <thead className="text-left text-xs text-slate-500 uppercase"><tr><th className="px-4 py-2">Name</th><th>Status</th><th>Recipients</th><th>Delivered</th><th>Read</th><th>Created</th></tr></thead>
          <tbody className="divide-y divide-slate-100">
            {list.data.data.map((c) => (
              <tr key={c.id}>
                <td className="px-4 py-2"><Link href={`/campaigns/${c.id}`} className="font-medium text-brand-600 hover:underline">{c.name}</Link></td>
                <td><span className={`rounded-full px-2 py-0.5 text-xs ring-1 ${statusTone[c.status]}`}>{c.status}</span></td>
                <td>{c.recipients.total}</td>
                <td>{percent(c.recipients.delivered, c.recipients.sent)}</td>
                <td>{percent(c.recipients.read, c.recipients.sent)}</td>
                <td className="text-slate-600">{new Date(c.created_at).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
