import type { ReactNode } from 'react';

/** What a list shows while it has nothing: why, and (when there is one) the next thing to do. */
export function EmptyState({ title, text, action }: { title?: string; text: string; action?: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
      {title && <p className="font-semibold text-slate-900">{title}</p>}
      <p className={title ? 'mt-1' : undefined}>{text}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
