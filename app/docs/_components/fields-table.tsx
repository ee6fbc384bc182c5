import type { FieldRow } from '../_lib/schema-fields';
import { InlineMarkdown } from './inline-markdown';

/** Name, type, whether required, and what to know about each field; stacks into cards on small screens. */
export function FieldsTable({ rows, requiredLabel = 'Required' }: { rows: FieldRow[]; requiredLabel?: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">No fields.</p>;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-500 sm:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.name} className="block px-3 py-2 align-top sm:table-row sm:p-0">
              <th scope="row" className="block text-left font-normal sm:table-cell sm:w-[30%] sm:px-3 sm:py-2">
                <code className="[overflow-wrap:anywhere] font-mono text-[0.8rem] font-semibold text-slate-900">{row.name}</code>
                {row.required ? (
                  <span className="ml-2 text-[0.7rem] font-semibold uppercase tracking-wide text-rose-700">{requiredLabel}</span>
                ) : null}
              </th>
              <td className="block font-mono text-xs text-slate-600 sm:table-cell sm:whitespace-nowrap sm:px-3 sm:py-2">{row.type}</td>
              <td className="block text-slate-700 sm:table-cell sm:px-3 sm:py-2">
                {row.description ? <InlineMarkdown text={row.description} /> : null}
                {row.notes.length > 0 ? (
                  <span className="mt-1 block text-xs text-slate-500">
                    <InlineMarkdown text={row.notes.join('. ') + '.'} />
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
