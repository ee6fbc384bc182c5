/** Grey placeholder rows in the shape of a list, while its data loads; announced as busy. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <ul aria-busy="true" aria-label={label} className="animate-pulse space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className="flex items-center gap-4">
          <span className="h-3 w-1/3 rounded bg-slate-200" />
          <span className="h-3 flex-1 rounded bg-slate-100" />
          <span className="h-3 w-16 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
