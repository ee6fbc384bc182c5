import type { ReactNode } from 'react';

/** One titled part of a page, a landmark named by its heading. */
export function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
