import type { ReactNode } from 'react';
import { TableHead } from './table-head';

export interface Column<Row> {
  /** The column's heading; on phones, the label before each value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's title: on phones it heads the card, without a label. */
  title?: boolean;
  /** Names the row for assistive technology: the cell is a `<th scope="row">`. */
  rowHeader?: boolean;
  className?: string;
}

interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The row's buttons, in a last column with a hidden "Actions" heading. */
  actions?: (row: Row) => ReactNode;
  className?: string;
  /** The table's `<caption>`; `hidden` keeps it for screen readers only. */
  caption?: { text: string; hidden?: boolean };
  /** Shown in a single full-width row when there are no rows. */
  empty?: ReactNode;
  testId?: string;
  /** A test id on every body row, for lists whose rows tests count. */
  rowTestId?: string;
  /** Marks the table aria-busy while its rows are being replaced. */
  busy?: boolean;
  /** The row's accessible name, when its first cell alone should name it. */
  rowLabel?: (row: Row) => string;
}

// On phones each row becomes a card of label–value lines, so no column is squeezed to a few
// letters; text cells wrap between words (break-words), only unbroken tokens anywhere.
const cellClass = 'px-4 py-2 align-top break-words max-sm:px-0 max-sm:py-0.5';
const labelledClass =
  'max-sm:flex max-sm:gap-3 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:leading-5 max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

/**
 * A table on wide screens that becomes a list of cards on phones. The roles are spelled out
 * because a table whose parts are displayed as blocks loses its table semantics in browsers:
 * on phones its rows and cells must still read as rows and cells.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  actions,
  className = '',
  caption,
  empty,
  testId,
  rowTestId,
  busy,
  rowLabel,
}: DataTableProps<Row>) {
  return (
    <div className={`overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200 ${className}`}>
      <table role="table" data-testid={testId} aria-busy={busy} className="min-w-full text-sm max-sm:block">
        {caption && (
          <caption className={caption.hidden ? 'sr-only' : 'bg-white px-4 py-2 text-start font-medium text-slate-800 max-sm:block'}>
            {caption.text}
          </caption>
        )}
        <TableHead columns={columns.map((column) => column.header)} actions={actions !== undefined} className="max-sm:hidden" />
        <tbody role="rowgroup" className="divide-y divide-slate-100 max-sm:block">
          {rows.length === 0 && empty !== undefined && (
            <tr role="row" className="max-sm:block">
              <td role="cell" colSpan={columns.length + (actions ? 1 : 0)} className="px-4 py-3 text-slate-600 max-sm:block">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              aria-label={rowLabel?.(row)}
              data-testid={rowTestId}
              className="max-sm:block max-sm:px-4 max-sm:py-3"
            >
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={column.header}
                    role={column.rowHeader ? 'rowheader' : 'cell'}
                    scope={column.rowHeader ? 'row' : undefined}
                    data-label={column.title ? undefined : column.header}
                    className={`${cellClass} ${column.title ? 'max-sm:block' : labelledClass} ${column.rowHeader ? 'text-start font-medium' : ''} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
              {actions && (
                <td role="cell" className={`${cellClass} text-end max-sm:block max-sm:pt-2 max-sm:text-start`}>
                  {actions(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
