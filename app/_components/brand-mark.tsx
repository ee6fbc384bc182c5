/** The product's mark: a speech bubble on the brand green, with the product name beside it. */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white shadow-sm">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="size-4.5">
          <path strokeLinecap="round" strokeLinejoin="round" d="M7.5 19.5 4 21l1.2-3.6A8 8 0 1 1 7.5 19.5Z" />
        </svg>
      </span>
      <span className="text-[15px] font-semibold tracking-tight text-slate-900">Business Messaging</span>
    </span>
  );
}
