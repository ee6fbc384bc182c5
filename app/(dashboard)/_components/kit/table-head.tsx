import { useTranslations } from 'next-intl';

/** A dashboard table's header row: its column names, then a hidden “Actions” column when rows have buttons. */
export function TableHead({ columns, actions = false, className = '' }: { columns: string[]; actions?: boolean; className?: string }) {
  const t = useTranslations('common');
  return (
    <thead className={`bg-slate-50 text-start text-xs font-medium tracking-wide text-slate-600 uppercase ${className}`}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-4 py-3 text-start">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col" className="px-4 py-3">
            <span className="sr-only">{t('actions')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
