'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/app/_trpc/trpc';
import { formatTime } from './format-time';

const statusStyles: Record<string, string> = {
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-200',
  REJECTED: 'bg-red-50 text-red-800 ring-red-200',
  PAUSED: 'bg-orange-50 text-orange-800 ring-orange-200',
  DISABLED: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** The organization's templates as last synced from the platform. */
export function TemplatesPanel() {
  const trpc = useTRPC();
  const templates = useQuery(trpc.templates.list.queryOptions());

  return (
    <section aria-labelledby="templates-heading">
      <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">Message templates</h2>
      <p className="mt-1 text-sm text-slate-600">Templates are created and reviewed on the platform; only APPROVED ones can be sent.</p>

      {templates.isPending ? (
        <p className="mt-4 text-sm text-slate-500">Loading templates…</p>
      ) : templates.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">Couldn’t load the templates. Reload the page to try again.</p>
      ) : templates.data.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          No templates yet. Sync them from the platform above.
        </p>
      ) : (
        <div tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">Category</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Language</th>
                <th scope="col" className="px-4 py-3">Number</th>
                <th scope="col" className="px-4 py-3">Last synced</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {templates.data.map((template) => (
                <tr key={template.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{template.name}</td>
                  <td className="px-4 py-3 text-slate-700">{template.category.toLowerCase()}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusStyles[template.status] ?? statusStyles.DISABLED}`}>
                      {template.status}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{template.language}</td>
                  <td className="px-4 py-3 text-slate-700">{template.account}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatTime(template.syncedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
