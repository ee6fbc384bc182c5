import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { config } from '@/server/config';
import { applyMigrations, ensureDatabase } from '../../scripts/db/migrations';
import { diffSchemas } from '../../scripts/db/schema-engine';

/**
 * prisma/schema.prisma is the source of truth. A database built by applying every migration
 * must equal one built straight from the schema: same tables, columns, types, defaults,
 * nullability, indexes, constraints and enums.
 */
const suffix = `${process.pid}_${Date.now()}`;
const urlFor = (name: string) => {
  const url = new URL(config.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const migratedUrl = urlFor(`schema_check_migrated_${suffix}`);
const directUrl = urlFor(`schema_check_direct_${suffix}`);

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function describeDatabase(url: string) {
  return withClient(url, async (client) => {
    const rows = async (sql: string) => (await client.query(sql)).rows.map((r) => JSON.stringify(r)).sort();
    return {
      columns: await rows(`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
        character_maximum_length, numeric_precision, datetime_precision FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`),
      constraints: await rows(`SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS def
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`),
      enums: await rows(`SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid`),
    };
  });
}

before(async () => {
  await ensureDatabase(migratedUrl);
  await ensureDatabase(directUrl);
});

after(async () => {
  await withClient(urlFor('postgres'), async (client) => {
    for (const url of [migratedUrl, directUrl]) {
      await client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
    }
  });
});

test('the migrated database matches prisma/schema.prisma', async () => {
  const applied = await applyMigrations(migratedUrl);
  assert.ok(applied.length > 0, 'migrations were applied');
  const schema = await readFile(path.resolve(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8');
  await withClient(directUrl, async (client) => {
    await client.query(await diffSchemas(null, schema));
  });

  const [migrated, direct] = await Promise.all([describeDatabase(migratedUrl), describeDatabase(directUrl)]);
  assert.ok(direct.columns.length > 100, 'the schema describes the whole domain');
  assert.deepEqual(migrated.enums, direct.enums);
  assert.deepEqual(migrated.columns, direct.columns);
  assert.deepEqual(migrated.indexes, direct.indexes);
  assert.deepEqual(migrated.constraints, direct.constraints);
});

test('applying the migrations again changes nothing', async () => {
  assert.deepEqual(await applyMigrations(migratedUrl), []);
});
