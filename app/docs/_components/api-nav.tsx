import { MethodBadge } from './method-badge';

export interface NavGroup {
  id: string;
  title: string;
  items: Array<{ id: string; label: string; method?: string }>;
}

/** The reference's table of contents: a sticky sidebar on wide screens, a disclosure on phones. */
export function ApiNav({ groups }: { groups: NavGroup[] }) {
  const list = (
    <ul className="space-y-6">
      {groups.map((group) => (
        <li key={group.id}>
          <a href={`#${group.id}`} className="text-xs font-semibold uppercase tracking-wide text-slate-500 hover:text-slate-900">
            {group.title}
          </a>
          <ul className="mt-2 space-y-0.5">
            {group.items.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="flex items-start gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {item.method ? (
                    <span className="pt-0.5">
                      <MethodBadge method={item.method} compact />
                    </span>
                  ) : null}
                  <span className="leading-snug">{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <details className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-3 lg:hidden">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Contents</summary>
        <nav aria-label="API reference contents" className="mt-4">
          {list}
        </nav>
      </details>
      <nav
        aria-label="API reference"
        className="sticky top-14 hidden max-h-[calc(100dvh-3.5rem)] w-72 shrink-0 overflow-y-auto border-r border-slate-200 py-8 pr-4 lg:block"
      >
        {list}
      </nav>
    </>
  );
}
