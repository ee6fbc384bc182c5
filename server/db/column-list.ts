/**
 * A table's columns as raw SQL reads them, under the field names of its Prisma row type, so a
 * hot path's `pg` statement returns the row Prisma would. Each list is declared once, beside its
 * row mapping, and `column-lists.test.ts` checks it against prisma/schema.prisma: a column
 * renamed, or a field added, in the schema fails it.
 */
export interface ColumnList<Row> {
  /** The table, as `@@map` names it. */
  table: string;
  /** The Prisma model whose every scalar field the list reads. */
  model: string;
  columns: ReadonlyArray<readonly [column: string, field: keyof Row & string]>;
  /** `column AS "field", …`; with `alias`, each column read from it (`r.id AS "id"`). */
  select(alias?: string): string;
}

export function columnList<Row>(table: string, model: string, columns: ColumnList<Row>['columns']): ColumnList<Row> {
  const select = (alias?: string) => columns.map(([column, field]) => `${alias ? `${alias}.` : ''}${column} AS "${field}"`).join(', ');
  return { table, model, columns, select };
}
