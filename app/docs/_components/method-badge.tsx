const styles: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800 ring-sky-200',
  POST: 'bg-brand-100 text-brand-800 ring-brand-600/20',
  PATCH: 'bg-amber-100 text-amber-800 ring-amber-200',
  DELETE: 'bg-rose-100 text-rose-800 ring-rose-200',
};

export function MethodBadge({ method, compact = false }: { method: string; compact?: boolean }) {
  const size = compact ? 'w-14 text-[0.65rem]' : 'px-2 text-xs';
  return (
    <span
      className={`inline-flex shrink-0 justify-center rounded py-0.5 font-mono font-semibold ring-1 ring-inset ${size} ${styles[method] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}
    >
      {method}
    </span>
  );
}
