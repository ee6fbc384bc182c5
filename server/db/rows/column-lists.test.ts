import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { ColumnList } from '@/server/db/column-list';
import { agentHandoffColumns } from './agent-handoffs';
import { agentMessageColumns } from './agent-messages';
import { agentRunColumns } from './agent-runs';
import { agentSessionColumns } from './agent-sessions';

const columnLists: Array<ColumnList<never>> = [agentRunColumns, agentSessionColumns, agentMessageColumns, agentHandoffColumns];

interface SchemaModel {
  table: string;
  /** Each scalar field's column (its `@map`, or its own name). */
  columns: Map<string, string>;
}

/** The models of a Prisma schema: table names (`@@map`) and scalar fields' columns; relation fields are left out. */
function readSchemaModels(schema: string): Map<string, SchemaModel> {
  const blocks = [...schema.matchAll(/^(model|enum|type|view)\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(blocks.filter((b) => b[1] === 'model').map((b) => b[2]!));
  const models = new Map<string, SchemaModel>();
  for (const [, kind, name, body] of blocks) {
    if (kind !== 'model') continue;
    const columns = new Map<string, string>();
    let table = name!;
    for (const raw of body!.split('\n')) {
      const line = raw.replace(/\/\/.*$/, '').trim();
      const tableMap = line.match(/^@@map\("([^"]+)"\)/);
      if (tableMap) table = tableMap[1]!;
      const field = line.match(/^(\w+)\s+(\w+)(\[\])?\??(\s|$)/);
      if (!field || modelNames.has(field[2]!) || line.includes('@relation')) continue;
      columns.set(field[1]!, line.match(/@map\("([^"]+)"\)/)?.[1] ?? field[1]!);
    }
    models.set(name!, { table, columns });
  }
  return models;
}

const schema = readFileSync(path.resolve(import.meta.dirname, '../../../prisma/schema.prisma'), 'utf8');
const models = readSchemaModels(schema);

for (const list of columnLists) {
  test(`${list.table}'s column list reads every field of ${list.model} from its column in schema.prisma`, () => {
    const model = models.get(list.model);
    assert.ok(model, `schema.prisma has no model ${list.model}`);
    assert.equal(model.table, list.table);
    assert.deepEqual(
      new Map(list.columns.map(([column, field]) => [field, column])),
      model.columns,
      `${list.model}: fields and columns differ from schema.prisma`,
    );
  });
}

test('the schema reader sees a renamed column, a new field and a table map, and skips relations', () => {
  const read = readSchemaModels(`model Thing {
  id        String   @id
  /// A comment mentioning @map("nothing").
  ownerId   String   @map("owner_ref")
  tags      String[]
  createdAt DateTime @default(now()) @map("created_at") @db.Timestamptz(3)
  owner     Owner    @relation(fields: [ownerId], references: [id])
  others    Owner[]

  @@index([ownerId])
  @@map("things")
}
model Owner {
  id String @id
}
`);
  assert.equal(read.get('Thing')?.table, 'things');
  assert.deepEqual(
    read.get('Thing')?.columns,
    new Map([
      ['id', 'id'],
      ['ownerId', 'owner_ref'],
      ['tags', 'tags'],
      ['createdAt', 'created_at'],
    ]),
  );
  assert.equal(read.get('Owner')?.table, 'Owner');
});
