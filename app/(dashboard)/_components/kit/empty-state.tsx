import type { ReactNode } from 'react';

/** What a list shows while it has nothing: why, and (when there is one) the next thing to do. */
export function EmptyState({
  title,
  text,
  action,
  className = 'mt-6',
  testId,
}: {
  title?: string;
  text: string;
  action?: ReactNode;
  /** Its place in the page (margins); a top margin unless told. */
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={`rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600 ${className}`}
    >
      {title && <p className="font-semibold text-slate-900">{title}</p>}
      <p className={title ? 'mt-1' : undefined}>{text}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
