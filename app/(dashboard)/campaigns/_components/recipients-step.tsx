'use client';

import { useMemo, useState } from 'react';
import { autoMap, checkRecipients, parseSheet, type CheckedRecipients } from './parse-recipients';

/** Upload or paste recipients, map columns to the template's variables, and see every problem before saving. */
export function RecipientsStep({ variables, onChange }: { variables: string[]; onChange: (checked: CheckedRecipients) => void }) {
  const [text, setText] = useState('');
  const sheet = useMemo(() => parseSheet(text), [text]);
  const [mapping, setMapping] = useState(() => autoMap([], variables));
  const checked = useMemo(() => checkRecipients(sheet, mapping), [sheet, mapping]);
  const load = (next: string) => {
    setText(next);
    const parsed = parseSheet(next);
    const mapped = autoMap(parsed.columns, variables);
    setMapping(mapped);
    onChange(checkRecipients(parsed, mapped));
  };
  const remap = (next: typeof mapping) => {
    setMapping(next);
    onChange(checkRecipients(sheet, next));
  };
  const select = 'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';

  return (
    <div className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        Upload a CSV (with a header row)
        <input type="file" accept=".csv,text/csv" className="mt-1 block text-sm" onChange={async (e) => { const file = e.target.files?.[0]; if (file) load(await file.text()); }} />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        …or paste a CSV or one number per line
        <textarea aria-label="Recipients" rows={5} value={text} onChange={(e) => load(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
      </label>
      {sheet.columns.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Columns</legend>
          <label className="text-sm">Phone number
            <select aria-label="Phone column" className={select} value={mapping.phone} onChange={(e) => remap({ ...mapping, phone: e.target.value })}>
              {sheet.columns.map((c) => <option key={c}>{c}</option>)}
            </select>
          </label>
          {variables.map((v) => (
            <label key={v} className="text-sm">{`{{${v}}}`}
              <select aria-label={`Column for ${v}`} className={select} value={mapping.variables[v] ?? ''} onChange={(e) => remap({ ...mapping, variables: { ...mapping.variables, [v]: e.target.value } })}>
                <option value="">— choose —</option>
                {sheet.columns.map((c) => <option key={c}>{c}</option>)}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {sheet.rows.length > 0 && (
        <div className="text-sm" data-testid="recipient-check">
          <p><strong>{checked.valid.length}</strong> ready · <strong>{checked.invalid.length}</strong> invalid · <strong>{checked.duplicates}</strong> duplicate{checked.duplicates === 1 ? '' : 's'} removed</p>
          {checked.invalid.length > 0 && (
            <ul role="list" aria-label="Invalid rows" className="mt-2 max-h-40 list-disc overflow-auto pl-5 text-red-700">
              {checked.invalid.slice(0, 50).map((row) => <li key={row.line}>Row {row.line}: {row.reason}</li>)}
            </ul>
          )}
          {checked.invalid.length > 0 && <p className="mt-1 text-slate-600">Invalid rows are left out. Fix the file or the column choices to include them.</p>}
        </div>
      )}
    </div>
  );
}
