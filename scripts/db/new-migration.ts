import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsDir } from './migrations';
import { diffSchemas } from './schema-engine';

/**
 * `npm run db:migration -- <name>`: writes the SQL that takes the schema of the last migration
 * to the current prisma/schema.prisma as a new migration folder, in Prisma's layout. The schema
 * each migration was made from is kept in schema.snapshot.prisma beside the folders.
 */
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- <snake_case_name>');
  process.exit(2);
}

const schemaPath = path.resolve(import.meta.dirname, '../../prisma/schema.prisma');
const snapshotPath = path.join(migrationsDir, 'schema.snapshot.prisma');
const current = await readFile(schemaPath, 'utf8');
const previous = existsSync(snapshotPath) ? await readFile(snapshotPath, 'utf8') : null;

const sql = await diffSchemas(previous, current);
if (sql.trim() === '' || sql.includes('This is an empty migration')) {
  console.log('prisma/schema.prisma has no changes since the last migration.');
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const folder = path.join(migrationsDir, `${stamp}_${name}`);
await mkdir(folder, { recursive: true });
await writeFile(path.join(folder, 'migration.sql'), sql);
await writeFile(snapshotPath, current);
await writeFile(path.join(migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
console.log(`Wrote ${path.relative(process.cwd(), folder)}/migration.sql`);
