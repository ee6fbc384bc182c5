import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { db } from '@/server/db';
import { getPgPool, pgTransaction } from '@/server/db/pg';
import { prismaSql, type Sql, type SqlStatement } from '@/server/db/sql';

// Real statements on the database DATABASE_URL names (`npm test` runs this before the stack starts).

after(async () => {
  await getPgPool().end();
  await db.$disconnect();
});

const viaPg = (statement: SqlStatement) => pgTransaction((client) => client.query(statement));
const viaPrisma = (statement: SqlStatement) => db.$transaction((tx) => prismaSql(tx).query(statement));

test('a statement binds the same values and reads the same rows through a pg client and a Prisma transaction', async () => {
  const at = new Date('2026-11-28T10:15:30.123Z');
  const statement: SqlStatement = {
    name: 'sql-adapter-values',
    text: `SELECT $1::text AS text, $2::int AS count, $3::jsonb AS data, $4::timestamptz AS at, $5::text[] AS tags,
                  $6::timestamptz[] AS times, $7::boolean AS flag, $8::text AS missing`,
    values: ['نص', 42, JSON.stringify({ nested: [1, 'two'] }), at, ['a', 'b'], [at, null], true, null],
  };
  const expected = [{ text: 'نص', count: 42, data: { nested: [1, 'two'] }, at, tags: ['a', 'b'], times: [at, null], flag: true, missing: null }];
  assert.deepEqual((await viaPg(statement)).rows, expected);
  assert.deepEqual((await viaPrisma(statement)).rows, expected);
});

test('a write returns the rows it names (RETURNING) through either, and no rows without', async () => {
  const writes = async (sql: Sql) => {
    await sql.query({ text: 'CREATE TEMP TABLE sql_adapter_check (v text) ON COMMIT DROP' });
    const returned = await sql.query({
      name: 'sql-adapter-insert-returning',
      text: 'INSERT INTO sql_adapter_check VALUES ($1), ($2) RETURNING v',
      values: ['a', 'b'],
    });
    const silent = await sql.query({ name: 'sql-adapter-insert', text: 'INSERT INTO sql_adapter_check VALUES ($1)', values: ['c'] });
    return { returned: returned.rows, silent: silent.rows };
  };
  const expected = { returned: [{ v: 'a' }, { v: 'b' }], silent: [] };
  assert.deepEqual(await pgTransaction(writes), expected);
  assert.deepEqual(await db.$transaction((tx) => writes(prismaSql(tx))), expected);
});
